import Foundation

/// Ranks sentences by centrality and picks a short, non-redundant extract.
///
/// The ranking is **LexRank** (G. Erkan and D. R. Radev, "LexRank: Graph-based Lexical Centrality
/// as Salience in Text Summarization", JAIR 22, 2004), continuous variant: sentences are nodes,
/// edges are the idf-modified cosine similarity of their content-word stems, and a sentence's
/// score is its stationary probability under a random walk (PageRank with damping 0.85, as in
/// TextRank, R. Mihalcea and P. Tarau, EMNLP 2004). The teleport distribution is biased by a
/// position prior (first sentence of the text and of each paragraph), as in biased LexRank
/// (Otterbacher, Erkan and Radev, 2005); the final score then favours the opening sentence and
/// paragraph openings (lead bias) and sentences of 9 to 35 words (length prior).
///
/// **Linear time.** No n×n matrix: an inverted index maps each stem to the sentences containing
/// it; a sentence is compared only with its `window` nearest neighbours in each of its stems'
/// posting lists, and keeps its `maxEdges` strongest edges. Cost O(n · terms · window).
///
/// **Redundancy** is removed the MMR way (Carbonell and Goldstein, 1998): a candidate more
/// similar than `redundancyThreshold` to a sentence already chosen is skipped.
struct ExtractiveSummarizer {
    var damping = 0.85
    var window = 8
    var maxEdges = 24
    var minSimilarity = 0.08
    var iterations = 30
    var redundancyThreshold = 0.5
    /// Whether centrality counts for half at most: a sentence's graph score is mapped to
    /// 0.5…1 of the best one's before the weights apply. For a message, whose few sentences
    /// share few words, centrality says little and what a sentence does (a request, the news)
    /// says more: "Any chance you could pop by once a day and feed the cats?" shares no word
    /// with the rest of its e-mail (a README-only trial's summary left the favour out).
    var flattensCentrality = false

    struct Candidate {
        var terms: [String]
        var wordCount: Int
        var characters: Int
        var isFirstInParagraph: Bool
        var isQuestion: Bool
        /// Index of the paragraph (unit) in the text, 0-based.
        var paragraph: Int = 0
        /// Extra weight (list items and quoted replies weigh less than body prose).
        var weight: Double = 1
    }

    /// Sparse tf-idf vectors, indexed like the candidates: (term id, weight), sorted by id; and norms.
    private func vectors(_ c: [Candidate]) -> (vectors: [[(Int, Double)]], norms: [Double], termCount: Int) {
        var ids: [String: Int] = [:]
        var tf: [[Int: Int]] = []
        var df: [Int] = []
        for s in c {
            var counts: [Int: Int] = [:]
            for t in s.terms {
                let id: Int
                if let x = ids[t] { id = x } else { id = ids.count; ids[t] = id; df.append(0) }
                counts[id, default: 0] += 1
            }
            for id in counts.keys { df[id] += 1 }
            tf.append(counts)
        }
        let n = Double(max(c.count, 1))
        var vs: [[(Int, Double)]] = []
        var norms: [Double] = []
        vs.reserveCapacity(c.count)
        for counts in tf {
            var v: [(Int, Double)] = counts.map { id, f in (id, Double(f) * (log(n / Double(df[id])) + 1)) }
            v.sort { $0.0 < $1.0 }
            vs.append(v)
            norms.append(sqrt(v.reduce(0) { $0 + $1.1 * $1.1 }))
        }
        return (vs, norms, ids.count)
    }

    static func cosine(_ a: [(Int, Double)], _ na: Double, _ b: [(Int, Double)], _ nb: Double) -> Double {
        guard na > 0, nb > 0 else { return 0 }
        var i = 0, j = 0, dot = 0.0
        while i < a.count, j < b.count {
            if a[i].0 == b[j].0 { dot += a[i].1 * b[j].1; i += 1; j += 1 } else if a[i].0 < b[j].0 { i += 1 } else { j += 1 }
        }
        return dot / (na * nb)
    }

    /// Scores (higher is more central), one per candidate.
    func scores(_ c: [Candidate]) -> (scores: [Double], vectors: [[(Int, Double)]], norms: [Double]) {
        let n = c.count
        guard n > 0 else { return ([], [], []) }
        let (vs, norms, termCount) = vectors(c)
        // Inverted index: term → [(sentence, weight)] in sentence order.
        var postings = [[(Int, Double)]](repeating: [], count: termCount)
        for (i, v) in vs.enumerated() { for (t, w) in v { postings[t].append((i, w)) } }
        // Sparse graph.
        var edges = [[(Int, Double)]](repeating: [], count: n)
        var acc = [Double](repeating: 0, count: n)
        var touched: [Int] = []
        for i in 0..<n where norms[i] > 0 {
            touched.removeAll(keepingCapacity: true)
            for (t, w) in vs[i] {
                let p = postings[t]
                // Position of i in p (binary search).
                var lo = 0, hi = p.count
                while lo < hi { let m = (lo + hi) / 2; if p[m].0 < i { lo = m + 1 } else { hi = m } }
                for k in max(0, lo - window)..<min(p.count, lo + window + 1) {
                    let j = p[k].0
                    if j == i { continue }
                    if acc[j] == 0 { touched.append(j) }
                    acc[j] += w * p[k].1
                }
            }
            var row: [(Int, Double)] = []
            for j in touched {
                let sim = acc[j] / (norms[i] * norms[j])
                acc[j] = 0
                if sim >= minSimilarity { row.append((j, sim)) }
            }
            if row.count > maxEdges {
                row.sort { $0.1 > $1.1 }
                row.removeLast(row.count - maxEdges)
            }
            edges[i] = row
        }
        // Teleport prior.
        var prior = [Double](repeating: 1, count: n)
        for i in 0..<n {
            if c[i].isFirstInParagraph { prior[i] += 0.8 }
            if i == 0 { prior[i] += 3.0 }
            if c[i].paragraph == c[0].paragraph { prior[i] += 0.5 }
            prior[i] += 0.5 * (1 - Double(i) / Double(n)) // earlier is likelier to matter
        }
        let ps = prior.reduce(0, +)
        for i in 0..<n { prior[i] /= ps }
        // Power iteration.
        var score = prior
        var next = [Double](repeating: 0, count: n)
        let outWeight = edges.map { $0.reduce(0) { $0 + $1.1 } }
        for _ in 0..<iterations {
            var dangling = 0.0
            for i in 0..<n { next[i] = 0 }
            for i in 0..<n {
                if outWeight[i] == 0 { dangling += score[i]; continue }
                let share = score[i] / outWeight[i]
                for (j, w) in edges[i] { next[j] += share * w }
            }
            for i in 0..<n { next[i] = (1 - damping) * prior[i] + damping * (next[i] + dangling * prior[i]) }
            swap(&score, &next)
        }
        if flattensCentrality, let best = score.max(), best > 0 {
            for i in 0..<n { score[i] = 0.5 + 0.5 * score[i] / best }
        }
        // Length and form priors.
        for i in 0..<n {
            let w = c[i].wordCount
            var f: Double
            switch w {
            case ..<4: f = 0.2
            case 4..<9: f = 0.65
            case 9...35: f = 1.0
            default: f = max(0.6, 35.0 / Double(w))
            }
            if c[i].isQuestion { f *= 0.7 }
            f *= c[i].weight
            // Lead bias: the opening sentence states the topic more often than not.
            if i == 0 { f *= 1.8 } else if c[i].isFirstInParagraph { f *= 1.2 }
            score[i] *= f
        }
        return (score, vs, norms)
    }

    /// Indices of the chosen candidates, in document order: at most `maxCount` sentences and
    /// about `budget` characters (the best sentence is always taken).
    /// No more than `perParagraph` sentences come from one paragraph (spread over the text).
    func select(_ c: [Candidate], maxCount: Int, budget: Int, perParagraph: Int = .max) -> [Int] {
        let (score, vs, norms) = scores(c)
        let order = score.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
        var chosen: [Int] = []
        var used = 0
        var perUnit: [Int: Int] = [:]
        for i in order {
            if perUnit[c[i].paragraph, default: 0] >= perParagraph { continue }
            if chosen.count >= maxCount { break }
            if c[i].wordCount < 4, chosen.count > 0 || c.count > 1 { continue }
            if chosen.contains(where: { Self.cosine(vs[$0], norms[$0], vs[i], norms[i]) > redundancyThreshold }) { continue }
            // The sentence that crosses the budget is taken (about a fifth, not at most), unless
            // it would overshoot by more than the budget again.
            if !chosen.isEmpty, used + c[i].characters > 2 * budget { continue }
            chosen.append(i)
            perUnit[c[i].paragraph, default: 0] += 1
            used += c[i].characters
            if used >= budget { break }
        }
        if chosen.isEmpty, let first = order.first { chosen = [first] }
        return chosen.sorted()
    }
}
