-- wrk script for Benchmarks/http-load.sh: POSTs /v2/check form bodies, one paragraph each, and
-- stops each thread after its share of REQUESTS responses. Bodies come from BODIES_FILE (one
-- URL-encoded form body a line); thread k starts at a different line. PACE_MS > 0 adds that
-- delay before each request of a connection (an offered rate, not a saturating one). With
-- PHASE=random (the default when paced) each connection's first request waits a random part of
-- PACE_MS instead, so that the connections' cycles are spread as independent clients' are;
-- PHASE=0 sends every connection's first request at once (a burst of CONNECTIONS requests at
-- the start, which the connections' cycles then keep).
local bodies = {}
local requests_total = tonumber(os.getenv("REQUESTS") or "10000")
local pace = tonumber(os.getenv("PACE_MS") or "0")
local random_phase = (os.getenv("PHASE") or "random") == "random"
local connections_total = tonumber(os.getenv("CONNECTIONS") or "200")
local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(os.getenv("BODIES_FILE")) do bodies[#bodies + 1] = line end
  next_body = (id * 997) % #bodies
  share = math.floor(requests_total / counter_threads())
  done_count = 0
  responses = 0
  delays = 0
  math.randomseed(1000 + id)
end

function counter_threads()
  return tonumber(os.getenv("WRK_THREADS") or "2")
end

function request()
  next_body = next_body % #bodies + 1
  return wrk.format("POST", "/v2/check", {["Content-Type"] = "application/x-www-form-urlencoded"}, bodies[next_body])
end

-- wrk asks for the delay before each request it writes; a thread's first calls are for its
-- connections' first requests (all are connected before any answer comes).
function delay()
  delays = delays + 1
  if random_phase and pace > 0 and delays <= connections_total / counter_threads() then
    return math.random(0, pace - 1)
  end
  return pace
end

-- wrk's main thread sleeps for the whole -d duration; SIGINT ends that sleep and wrk reports
-- the real run time. The last thread to finish its share (each marks a file) sends it.
function response(status, headers, body)
  responses = responses + 1
  if responses == share then
    local dir = os.getenv("MARK_DIR")
    os.execute("touch " .. dir .. "/done-" .. id)
    local n = tonumber(io.popen("ls " .. dir .. " | grep -c done-"):read("*l"))
    -- In the background: system() ignores SIGINT in wrk while it waits for the shell.
    if n >= counter_threads() then os.execute("(sleep 0.02; kill -INT $PPID) &") end
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("requests %d in %.3f s: %.1f requests/s\n", summary.requests, summary.duration / 1e6,
                         summary.requests / (summary.duration / 1e6)))
  io.write(string.format("errors: connect %d, read %d, write %d, status %d, timeout %d\n", e.connect, e.read, e.write, e.status, e.timeout))
  io.write(string.format("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f  mean %.2f\n",
                         latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
                         latency:percentile(99.9) / 1000, latency.max / 1000, latency.mean / 1000))
end
