-- Parameter keys are all distinct, so their statistics are a histogram only, and the planner reads it for every
-- path of every index on the key (the prefix index, the ordering index, the trigram index) each time it plans a
-- list filtered by a key prefix: at the default 100 buckets that histogram is stored compressed and was
-- unpacked and searched again for each path. Ten buckets give the same plans and row estimates for the
-- parameter list's filters and cost the planner what it paid before the ordering and trigram indexes
-- (issue 36 point 1; counted in instructions in README "Benchmark").
alter table blade_param alter column param_key set statistics 10;
analyze blade_param;
