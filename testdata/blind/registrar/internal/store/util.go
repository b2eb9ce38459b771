package store

import "strings"

func joinCols(cols []string) string { return strings.Join(cols, ", ") }
