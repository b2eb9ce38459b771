// Package api serves the policies API.
package api

import (
	"context"
	"net/http"
)

type Policies interface {
	Cancel(ctx context.Context, id string) error
	CancelTogether(ctx context.Context, id string) error
	Lapse(ctx context.Context, id string) error
	Renew(ctx context.Context, id string) error
	Expire(ctx context.Context, id string) error
	Payout(ctx context.Context, id string) error
	Void(ctx context.Context, id string) error
	Close(ctx context.Context, id string) error
	Suspend(ctx context.Context, id string) error
	Reinstate(ctx context.Context, id string) error
	Resume(ctx context.Context, id string) error
	Withdraw(ctx context.Context, id string) error
	Remind(ctx context.Context, id string) error
}

type Handler struct{ Policies Policies }

func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Cancel(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) CancelTogether(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.CancelTogether(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Lapse(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Lapse(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Renew(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Renew(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Expire(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Expire(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Payout(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Payout(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

func (h *Handler) Void(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Void(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Close(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Close(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Suspend(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Suspend(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Reinstate(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Reinstate(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Resume(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Resume(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Withdraw(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Withdraw(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Remind(w http.ResponseWriter, r *http.Request) {
	if err := h.Policies.Remind(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}
