// Package svc confirms bookings by queueing a job.
package svc

import (
	"context"
	"net/http"

	"example.com/wireddefault/queue"
)

// Jobs sends jobs.
type Jobs interface {
	Publish(ctx context.Context, job queue.Job) error
}

// Handler confirms bookings.
type Handler struct{ Jobs Jobs }

// Confirm leaves the job's ID to the publisher, which makes one per
// attempt: one finding, at the value the publisher makes.
func (h *Handler) Confirm(w http.ResponseWriter, r *http.Request) {
	h.Jobs.Publish(r.Context(), queue.Job{Body: r.FormValue("booking")})
}

// ConfirmKeyed gives the request's key as the job's ID.
func (h *Handler) ConfirmKeyed(w http.ResponseWriter, r *http.Request) {
	h.Jobs.Publish(r.Context(), queue.Job{ID: r.Header.Get("Idempotency-Key"), Body: r.FormValue("booking")})
}
