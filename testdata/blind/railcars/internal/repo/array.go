package repo

import "github.com/lib/pq"

func stringArray(v []string) any { return pq.Array(v) }
