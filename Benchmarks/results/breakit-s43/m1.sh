B=/work/base/.build/debug/writing-tools
export HOME=/tmp/rel/mhome
for mode in echo garbage preamble refusal inject_word inject_sentence think thinkopen fence trunc trunc_clean length_cut badjson badjson_plain wrongschema e500 e503 e401 stall stall_head stall_mid endless endless_keepalive huge hugeline surrogate nul dupph upper; do
  printf 'In order to make a decision, we need to actually look at the data.\n\nSee `make test` and https://example.org for the details of the plan.\n' > m.txt
  cp m.txt m.orig0
  s=$(date +%s.%N)
  timeout 120 $B professional --in-place m.txt --base-url http://127.0.0.1:18080/$mode/v1 --model x > m.out 2> m.err; rc=$?
  e=$(date +%s.%N)
  same=$(cmp -s m.txt m.orig0 && echo same || echo CHANGED)
  printf '%-18s rc=%s %5.1fs %s %s\n' $mode $rc $(echo "$e - $s" | bc) $same "$(tail -c 160 m.err | tr '\n' ' ')"
  rm -f m.txt.orig
done
