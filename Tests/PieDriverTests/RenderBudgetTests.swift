import PieDiagnostics
import PieDriver
import PieSpec
import Testing

/// `RenderBudget`: frames weighted by megapixels, checked before any frame is drawn.
@Suite struct RenderBudgetTests {
    func job(_ format: RenderFormat = .gif, frames: Int, width: Int, height: Int, fps: Double = 30) -> RasterJob {
        RasterJob(format: format, durations: Array(repeating: 1000 / fps, count: frames), width: width, height: height, loop: false,
                  fps: fps, page: Color(r: 255, g: 255, b: 255)) { _ in [] }
    }

    @Test func smallFramesCountOnceLargeOnesByTheirMegapixels() {
        #expect(RenderBudget.cost(job(frames: 100, width: 441, height: 320)) == 100)
        #expect(RenderBudget.cost(job(frames: 100, width: 1000, height: 1000)) == 100)
        #expect(RenderBudget.cost(job(frames: 10, width: 4000, height: 2000)) == 80)
        // MP4 counts the video's frames: the 2 s hold at 30 fps is 60 more.
        var video = job(.mp4, frames: 3, width: 100, height: 100)
        video.durations[2] = 2000
        #expect(video.outputFrames == 62 && RenderBudget.cost(video) == 62)
    }

    @Test func theNormalCasesAreInsideTheDefault() {
        let budget = RenderBudget()
        // The longest animation a spec can ask (60 s duration and 60 s delay) at 30 fps, default size.
        #expect(budget.check(job(frames: 3601, width: 441, height: 320)) == nil)
        // A 4096 px chart for 10 s.
        #expect(budget.check(job(frames: 301, width: 4217, height: 4096)) == nil)
    }

    @Test func overTheLimitNamesWhatCausedItAndHowToRaiseIt() throws {
        let range = SourceRange(start: SourceLocation(line: 3, column: 23), end: SourceLocation(line: 3, column: 26))
        let over = try #require(RenderBudget().check(job(frames: 3601, width: 4217, height: 4096), cause: .init(animation: range)))
        #expect(over.code == RenderDiagnostics.renderTooLarge && over.severity == .error)
        #expect(over.range == range)
        #expect(over.message.contains("3601 frames of 4217x4096 px (17.3 megapixels each) count as 62200"), "\(over.message)")
        #expect(over.help == "shorten the animation, or lower --fps, --width or --scale, or raise the limit with --max-frames 62200")
        let history = try #require(RenderBudget(maxFrames: 10).check(job(frames: 11, width: 10, height: 10), cause: .init(history: true)))
        #expect(history.range == nil)
        #expect(history.help == "lower --fps, --hold, --width or --scale, --max or --since, or raise the limit with --max-frames 11")
        #expect(RenderBudget(maxFrames: 11).check(job(frames: 11, width: 10, height: 10)) == nil)
        // One frame too large by itself, however high the limit.
        let huge = try #require(RenderBudget(maxFrames: RenderBudget.maxFramesCeiling).check(job(.png, frames: 1, width: 81_920, height: 81_920)))
        #expect(huge.code == RenderDiagnostics.frameTooLarge && huge.message.contains("81920x81920 px"), "\(huge.message)")
        #expect(RenderBudget().check(job(.png, frames: 1, width: 10_000, height: 10_000)) == nil)
    }

    @Test func videoFramesRepeatEachFrameForItsDurationOnTheRunningTime() {
        #expect(VideoFrames.counts([1000 / 30.0, 1000 / 30.0, 1000], fps: 30) == [1, 1, 30])
        // A frame shorter than the rate still shows once.
        #expect(VideoFrames.counts([10, 10, 10], fps: 30) == [1, 1, 1])
    }
}
