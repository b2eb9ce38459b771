// Package evdomain is a domain package with nothing to trace: entities,
// their constructors and getters.
package evdomain

type Event struct {
	ID      string
	Payload string
	ref     string
}

// NewEvent keeps the identity it is given.
func NewEvent(id string, payload []byte) Event {
	e := Event{ID: id, Payload: string(payload), ref: id}
	return e
}

// Ref is a getter of an unexported field.
func (e Event) Ref() string { return e.ref }

type pair struct{ a, b string }

// newPair sets its fields by position: nothing is read of them.
func NewPair(a, b string) pair { return pair{a, b} }
