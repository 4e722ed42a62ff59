/// “Did you mean …?” for a mistyped command or option (`profread`, `--langauge`), as git and
/// cargo answer: the known name nearest to what was typed, by the optimal-string-alignment edit
/// distance (a swap of two neighbours counts one), when it is close enough to be the one meant.
enum NearMiss {
    /// The candidate nearest to `typed` when at most two edits away (one for names of four
    /// letters or fewer, where two edits make any other word), else nil; ties go to the first.
    static func nearest(_ typed: String, among candidates: [String]) -> String? {
        let a = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for name in candidates where name != typed {
            let d = distance(a, Array(name.lowercased()))
            let limit = min(a.count, name.count) <= 4 ? 1 : 2
            if d <= limit, d < (best?.distance ?? Int.max) { best = (name, d) }
        }
        return best?.name
    }

    /// `message` with “; did you mean 'X'?” when `typed` is near one of `candidates`.
    static func adding(to message: String, typed: String, among candidates: [String]) -> String {
        guard let near = nearest(typed, among: candidates) else { return message }
        return message + "; did you mean '\(near)'?"
    }

    /// The options a help text names (`--language`, `-l`): what a command accepts.
    static func options(in help: String) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for word in help.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "[" || $0 == "]" || $0 == "|" || $0 == "(" || $0 == ")" }) {
            var w = String(word)
            if let eq = w.firstIndex(of: "=") { w = String(w[..<eq]) }
            while let last = w.last, !last.isLetter && !last.isNumber { w.removeLast() }
            guard w.hasPrefix("--"), w.count > 3, w.dropFirst(2).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { continue }
            if seen.insert(w).inserted { out.append(w) }
        }
        return out
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
