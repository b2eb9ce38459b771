// Package processedmessage stands for the package ent generates for an
// entity: its table, its fields' columns and its predicates.
package processedmessage

import "example.com/entstore/ent/predicate"

const (
	Label          = "processed_message"
	FieldID        = "id"
	FieldMessageID = "message_id"
	Table          = "processed_messages"
)

func MessageID(v string) predicate.ProcessedMessage   { return func(any) {} }
func MessageIDEQ(v string) predicate.ProcessedMessage { return func(any) {} }
