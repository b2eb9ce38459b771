// Package api serves the partners' and platforms' webhooks, which they
// redeliver until they get a 2xx.
package api

import (
	"context"
	"net/http"
	"strconv"

	"example.com/wiredrollback/intake"
	"example.com/wiredrollback/store"
)

// Intake records transfers.
type Intake interface {
	Receive(ctx context.Context, n intake.Notice) (string, error)
	ReceiveQuietly(ctx context.Context, n intake.Notice) (string, error)
}

// Donations records gifts.
type Donations interface {
	Record(ctx context.Context, d store.Donation) error
	RecordAny(ctx context.Context, d store.Donation) error
}

// Dispatch changes pickups.
type Dispatch interface {
	Cancel(ctx context.Context, id string) error
	Reopen(ctx context.Context, id string) error
	Hold(ctx context.Context, id string) error
	Confirm(ctx context.Context, id string) error
	Remind(ctx context.Context, id string) error
}

// Lots turns gifts into lots.
type Lots interface {
	Receive(ctx context.Context, giftID string) error
	Announce(ctx context.Context, giftID string) error
	Note(ctx context.Context, giftID string) error
	Move(ctx context.Context, ref string) error
	MoveBlind(ctx context.Context, ref string) error
	MoveInside(ctx context.Context, ref string) error
}

// Handler serves the webhooks and the dispatch desk's API.
type Handler struct {
	Intake    Intake
	Donations Donations
	Dispatch  Dispatch
	Lots      Lots
}

func notice(r *http.Request) intake.Notice {
	return intake.Notice{PartnerID: r.FormValue("partner"), TransferID: r.FormValue("transfer"), Name: r.FormValue("name")}
}

func donation(r *http.Request) store.Donation {
	amount, _ := strconv.ParseInt(r.FormValue("amount"), 10, 64)
	return store.Donation{ID: r.FormValue("platform") + ":" + r.FormValue("gift"), Platform: r.FormValue("platform"), ExternalID: r.FormValue("gift"), Amount: amount}
}

func (h *Handler) PostTransfer(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Intake.Receive(r.Context(), notice(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostTransferQuietly(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Intake.ReceiveQuietly(r.Context(), notice(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostDonation(w http.ResponseWriter, r *http.Request) {
	if err := h.Donations.Record(r.Context(), donation(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostDonationAny(w http.ResponseWriter, r *http.Request) {
	if err := h.Donations.RecordAny(r.Context(), donation(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostCancel(w http.ResponseWriter, r *http.Request) {
	if err := h.Dispatch.Cancel(r.Context(), r.FormValue("pickup")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostReopen(w http.ResponseWriter, r *http.Request) {
	if err := h.Dispatch.Reopen(r.Context(), r.FormValue("pickup")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostHold(w http.ResponseWriter, r *http.Request) {
	if err := h.Dispatch.Hold(r.Context(), r.FormValue("pickup")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostReceive(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.Receive(r.Context(), r.FormValue("gift")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostAnnounce(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.Announce(r.Context(), r.FormValue("gift")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostNote(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.Note(r.Context(), r.FormValue("gift")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostConfirm(w http.ResponseWriter, r *http.Request) {
	if err := h.Dispatch.Confirm(r.Context(), r.FormValue("pickup")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostRemind(w http.ResponseWriter, r *http.Request) {
	if err := h.Dispatch.Remind(r.Context(), r.FormValue("pickup")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostMove(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.Move(r.Context(), r.FormValue("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostMoveBlind(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.MoveBlind(r.Context(), r.FormValue("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) PostMoveInside(w http.ResponseWriter, r *http.Request) {
	if err := h.Lots.MoveInside(r.Context(), r.FormValue("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
