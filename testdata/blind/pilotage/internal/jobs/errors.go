// Package jobs covers the life of a pilotage job: the agent's request,
// dispatch of a pilot, boarding, disembarkation and cancellation.
package jobs

import "errors"

var (
	ErrNotFound     = errors.New("not found")
	ErrInvalidState = errors.New("job is not in a state that allows this")
	ErrValidation   = errors.New("invalid request")
)

// Job statuses, as stored.
const (
	StatusRequested   = "requested"
	StatusDispatched  = "dispatched"
	StatusBoarded     = "boarded"
	StatusDisembarked = "disembarked"
	StatusCompleted   = "completed"
	StatusCancelled   = "cancelled"
)
