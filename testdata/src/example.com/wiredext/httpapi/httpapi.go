// Package httpapi serves the rental desk.
package httpapi

import (
	"context"
	"net/http"
)

// Counter closes rentals.
type Counter interface {
	Checkin(ctx context.Context, id string) error
	CheckinTx(ctx context.Context, id string) error
	Remark(ctx context.Context, id string) error
	Return(ctx context.Context, id string) error
	Deposit(ctx context.Context, id string) error
	DepositTx(ctx context.Context, id string) error
	DepositFee(ctx context.Context, id string) error
	Open(ctx context.Context) error
	OpenOwn(ctx context.Context) error
	OpenRef(ctx context.Context) error
	Finish(ctx context.Context, id string) error
	FinishQuiet(ctx context.Context, id string, quiet bool) error
}

// Adapt serves a function of the request's id.
func Adapt(fn func(ctx context.Context, id string) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(r.Context(), r.PathValue("id")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// Routes registers the routes served by the Counter's methods
// themselves, bound to the Counter the handler holds.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /rentals/{id}/return", Adapt(h.C.Return))
}

// Handler serves the desk's routes.
type Handler struct{ C Counter }

// Checkin closes a rental.
func (h *Handler) Checkin(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Checkin(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// CheckinTx closes a rental in one transaction.
func (h *Handler) CheckinTx(w http.ResponseWriter, r *http.Request) {
	if err := h.C.CheckinTx(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Deposit takes a rental's deposit.
func (h *Handler) Deposit(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Deposit(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// DepositFee takes a rental's deposit and fee.
func (h *Handler) DepositFee(w http.ResponseWriter, r *http.Request) {
	if err := h.C.DepositFee(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// DepositTx takes a rental's deposit in one transaction.
func (h *Handler) DepositTx(w http.ResponseWriter, r *http.Request) {
	if err := h.C.DepositTx(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Open opens a rental.
func (h *Handler) Open(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Open(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// OpenOwn opens a rental.
func (h *Handler) OpenOwn(w http.ResponseWriter, r *http.Request) {
	if err := h.C.OpenOwn(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// OpenRef opens a rental.
func (h *Handler) OpenRef(w http.ResponseWriter, r *http.Request) {
	if err := h.C.OpenRef(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Finish finishes a rental.
func (h *Handler) Finish(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Finish(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// FinishQuiet finishes a rental, quietly when asked.
func (h *Handler) FinishQuiet(w http.ResponseWriter, r *http.Request) {
	if err := h.C.FinishQuiet(r.Context(), r.PathValue("id"), r.FormValue("quiet") != ""); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Remark notes a rental.
func (h *Handler) Remark(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Remark(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
