// Package api serves the submissions.
package api

import (
	"context"
	"net/http"

	"example.com/wiredsubmit/store"
	"example.com/wiredsubmit/svc"
)

// Work takes submissions of work.
type Work interface {
	Submit(ctx context.Context, in svc.SubmitInput) (store.Submission, error)
	SubmitOnce(ctx context.Context, in svc.SubmitInput) (store.Submission, error)
	ReplaceLines(ctx context.Context, in svc.SubmitInput) error
	AddLine(ctx context.Context, in svc.SubmitInput) error
}

// Handler serves the routes.
type Handler struct{ Work Work }

// Submit submits a revision under the client's reference.
func (h *Handler) Submit(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Work.Submit(r.Context(), svc.SubmitInput{MilestoneID: r.PathValue("milestone"), Ref: r.FormValue("ref")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// SubmitOnce submits a revision under the client's reference, once.
func (h *Handler) SubmitOnce(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Work.SubmitOnce(r.Context(), svc.SubmitInput{MilestoneID: r.PathValue("milestone"), Ref: r.FormValue("ref")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// ReplaceLines replaces a submission's lines.
func (h *Handler) ReplaceLines(w http.ResponseWriter, r *http.Request) {
	if err := h.Work.ReplaceLines(r.Context(), svc.SubmitInput{Ref: r.FormValue("ref")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// AddLine adds a submission's first line.
func (h *Handler) AddLine(w http.ResponseWriter, r *http.Request) {
	if err := h.Work.AddLine(r.Context(), svc.SubmitInput{Ref: r.FormValue("ref")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}
