/// The motion layer with one circle per colour instead of one per slice, and the separators
/// as band circles over it: built and counted by the strategies that chose them
/// (`Strategies.ColourCircles`, `Strategies.SeparatorBands`) and carried by the plan
/// (`DrawingPlan.colourCircles`, `DrawingPlan.separatorBands`); the scene keeps its whole
/// transition's and the writers write them as they are.
extension Scene {
    typealias ColourCircle = DrawingPlan.Circle
}
