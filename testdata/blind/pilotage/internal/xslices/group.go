// Package xslices has small generic helpers over slices.
package xslices

// Group is one run of items sharing a key.
type Group[K comparable, T any] struct {
	Key   K
	Items []T
}

// GroupBy groups items by key, keeping the order in which keys first appear.
func GroupBy[K comparable, T any](items []T, key func(T) K) []Group[K, T] {
	index := make(map[K]int)
	var groups []Group[K, T]
	for _, it := range items {
		k := key(it)
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, Group[K, T]{Key: k})
		}
		groups[i].Items = append(groups[i].Items, it)
	}
	return groups
}

// Map applies f to every item.
func Map[T, U any](items []T, f func(T) U) []U {
	out := make([]U, len(items))
	for i, it := range items {
		out[i] = f(it)
	}
	return out
}

// SumBy adds up f over items.
func SumBy[T any, N ~int32 | ~int64](items []T, f func(T) N) N {
	var total N
	for _, it := range items {
		total += f(it)
	}
	return total
}
