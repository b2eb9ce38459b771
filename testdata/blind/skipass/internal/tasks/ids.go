package tasks

import (
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/rs/xid"
)

// ID builds a deterministic task ID from its parts, e.g. ID("encode", passID).
func ID(parts ...any) asynq.Option {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ":"
		}
		s += fmt.Sprint(p)
	}
	return asynq.TaskID(s)
}

// Tracked tags a task with a sortable, prefixed ID so operators can find it
// in the asynq dashboard.
func Tracked(prefix string) asynq.Option {
	return asynq.TaskID(prefix + "_" + xid.New().String())
}
