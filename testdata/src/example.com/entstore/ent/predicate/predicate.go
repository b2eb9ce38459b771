// Package predicate stands for the predicates' types ent generates.
package predicate

type ProcessedMessage func(any)
