public enum PieDriverPlaceholder {}
