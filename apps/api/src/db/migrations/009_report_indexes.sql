-- Report speed (docs/report-performance.md). Reports read the 30 realizations and the 10 picked
-- criteria of every selected participant; turning each array into text at query time
-- (array_to_string) was most of a report's time on 50,000 participants, and aggregating 30 array
-- subscripts per row in SQL was slower still. So each row keeps its arrays also as one character
-- per value, chr(27 + value): realizations 0..100 -> chr(27)..chr(127), criterion ids 2..31 ->
-- chr(29)..chr(58), plain ASCII. A report concatenates the codes of its rows (string_agg) and
-- reads them back with charCodeAt - 27, in position order. Generated columns: no writer has to
-- know about them, and an update of the arrays updates them.
ALTER TABLE responses
  ADD COLUMN realization_codes text GENERATED ALWAYS AS (
    chr(27 + realizations[1]) || chr(27 + realizations[2]) || chr(27 + realizations[3]) || chr(27 + realizations[4]) || chr(27 + realizations[5]) || chr(27 + realizations[6]) || chr(27 + realizations[7]) || chr(27 + realizations[8]) || chr(27 + realizations[9]) || chr(27 + realizations[10]) || chr(27 + realizations[11]) || chr(27 + realizations[12]) || chr(27 + realizations[13]) || chr(27 + realizations[14]) || chr(27 + realizations[15]) || chr(27 + realizations[16]) || chr(27 + realizations[17]) || chr(27 + realizations[18]) || chr(27 + realizations[19]) || chr(27 + realizations[20]) || chr(27 + realizations[21]) || chr(27 + realizations[22]) || chr(27 + realizations[23]) || chr(27 + realizations[24]) || chr(27 + realizations[25]) || chr(27 + realizations[26]) || chr(27 + realizations[27]) || chr(27 + realizations[28]) || chr(27 + realizations[29]) || chr(27 + realizations[30])
  ) STORED,
  ADD COLUMN importance_codes text GENERATED ALWAYS AS (
    chr(27 + important[1]) || chr(27 + important[2]) || chr(27 + important[3]) || chr(27 + important[4]) || chr(27 + important[5]) || chr(27 + important[6]) || chr(27 + important[7]) || chr(27 + important[8]) || chr(27 + important[9]) || chr(27 + important[10])
  ) STORED;
