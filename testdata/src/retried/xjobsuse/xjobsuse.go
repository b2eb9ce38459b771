// Package xjobsuse registers handlers with the program's own worker.
package xjobsuse

import (
	"context"

	"retried/xjobs"
)

// Reminders sends reminders.
type Reminders struct{}

func (r *Reminders) sms(ctx context.Context, j *xjobs.Job) error { return nil }

func (r *Reminders) email(ctx context.Context, j *xjobs.Job) error { return nil }

// Handlers are the kinds the worker runs.
func Handlers(r *Reminders) xjobs.Registry {
	return xjobs.Registry{
		"reminder.sms":   r.sms,   // want `root: job handler of a polled table Reminders.sms`
		"reminder.email": r.email, // want `root: job handler of a polled table Reminders.email`
	}
}

// Payload is a job's body.
type Payload struct{ Ref string }

// Workers are the workers of the pool, adapted from functions of the
// payload.
func Workers(r *Reminders) map[string]xjobs.Worker {
	return map[string]xjobs.Worker{
		"reminder.push": xjobs.Typed(func(ctx context.Context, p Payload) error { // want `root: job handler of a polled table func literal in Workers`
			return nil
		}),
	}
}

func (r *Reminders) letter(ctx context.Context, j *xjobs.Job) error { return nil }

func (r *Reminders) audit(ctx context.Context, j *xjobs.Job) error { return nil }

// Register adds a kind the dispatcher runs, and a hook it runs once per
// batch.
func Register(d *xjobs.Dispatcher, r *Reminders) {
	d.Handle("reminder.letter", r.letter) // want `root: job handler of a polled table Reminders.letter`
	d.OnBatch("audit", r.audit)
}
