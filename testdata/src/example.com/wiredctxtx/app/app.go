// Package app applies tag statuses and credits through repositories
// main wires.
package app

import (
	"context"
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredctxtx/repo"
	"example.com/wiredctxtx/storage"
)

// TagStore records tags.
type TagStore interface {
	Append(ctx context.Context, ev *repo.Event) error
	SetStatus(ctx context.Context, serial, status string) error
}

// LedgerStore posts credits.
type LedgerStore interface {
	Post(ctx context.Context, account string, cents int64) error
}

// AccountStore reads and saves accounts.
type AccountStore interface {
	Get(ctx context.Context, id string) (*repo.Account, error)
	Save(ctx context.Context, a *repo.Account) error
}

// Charge debits the account it read and saves it, then sets the tag's
// status, each on the database: a retry after the debit debits again.
func (h *Handler) Charge(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := h.Accounts.Get(ctx, r.FormValue("account"))
	if err != nil {
		return
	}
	a.Balance -= 100
	if err := h.Accounts.Save(ctx, a); err != nil {
		return
	}
	h.Tags.SetStatus(ctx, r.FormValue("serial"), "charged")
}

// Rename saves the account it read with a name the request gives, and
// sets the tag's status: writing the same values again changes nothing.
func (h *Handler) Rename(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := h.Accounts.Get(ctx, r.FormValue("account"))
	if err != nil {
		return
	}
	a.ID = r.FormValue("account")
	if err := h.Accounts.Save(ctx, a); err != nil {
		return
	}
	h.Tags.SetStatus(ctx, r.FormValue("serial"), "renamed")
}

// Handler holds what main gives it.
type Handler struct {
	DB       *gorm.DB
	UoW      storage.UoW
	Tags     TagStore
	Ledger   LedgerStore
	Accounts AccountStore
	Marks    TagStore
	Manager  storage.Manager
	Stamps   *repo.Marks
}

// Tag appends the event and sets the status in one transaction, which
// the context carries to the repositories.
func (h *Handler) Tag(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	h.DB.WithContext(r.Context()).Transaction(func(tx *gorm.DB) error {
		ctx := storage.WithTx(r.Context(), tx)
		if err := h.Tags.Append(ctx, &repo.Event{Serial: serial, Seq: 1}); err != nil {
			return err
		}
		return h.Tags.SetStatus(ctx, serial, "blocked")
	})
}

// TagLoose does both on the database.
func (h *Handler) TagLoose(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	if err := h.Tags.Append(r.Context(), &repo.Event{Serial: serial, Seq: 1}); err != nil {
		return
	}
	h.Tags.SetStatus(r.Context(), serial, "blocked")
}

// Credit posts the credit and sets the tag's status in the unit of
// work's transaction: the ledger's own transaction is a savepoint of
// it.
func (h *Handler) Credit(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	h.UoW.InTx(r.Context(), func(ctx context.Context) error {
		if err := h.Ledger.Post(ctx, r.FormValue("account"), 100); err != nil {
			return err
		}
		return h.Tags.SetStatus(ctx, serial, "credited")
	})
}

// CreditLoose posts the credit, then sets the status on the database.
func (h *Handler) CreditLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Ledger.Post(r.Context(), r.FormValue("account"), 100); err != nil {
		return
	}
	h.Tags.SetStatus(r.Context(), r.FormValue("serial"), "credited")
}

// Mark appends the event and sets the status in the manager's
// transaction, which the repository's Conner gives it.
func (h *Handler) Mark(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	h.Manager.InTx(r.Context(), func(ctx context.Context) error {
		if err := h.Marks.Append(ctx, &repo.Event{Serial: serial, Seq: 1}); err != nil {
			return err
		}
		return h.Marks.SetStatus(ctx, serial, "marked")
	})
}

// MarkLoose does both on the database.
func (h *Handler) MarkLoose(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	if err := h.Marks.Append(r.Context(), &repo.Event{Serial: serial, Seq: 1}); err != nil {
		return
	}
	h.Marks.SetStatus(r.Context(), serial, "marked")
}

// Stamp applies the stamp in the manager's transaction through a
// helper that picks the writes by the stamp's kind: all of them commit
// with the transaction.
func (h *Handler) Stamp(w http.ResponseWriter, r *http.Request) {
	serial, kind := r.FormValue("serial"), r.FormValue("kind")
	h.Manager.InTx(r.Context(), func(ctx context.Context) error {
		return h.stamp(ctx, serial, kind)
	})
}

// stamp writes what kind asks for.
func (h *Handler) stamp(ctx context.Context, serial, kind string) error {
	return stampWith(ctx, h.Marks, serial, kind)
}

// StampDirect does the same through the repository itself.
func (h *Handler) StampDirect(w http.ResponseWriter, r *http.Request) {
	serial, kind := r.FormValue("serial"), r.FormValue("kind")
	h.Manager.InTx(r.Context(), func(ctx context.Context) error {
		return h.stampDirect(ctx, serial, kind)
	})
}

func (h *Handler) stampDirect(ctx context.Context, serial, kind string) error {
	switch kind {
	case "issued":
		if err := h.Stamps.Append(ctx, &repo.Event{Serial: serial, Seq: 1}); err != nil {
			return err
		}
		return h.Stamps.SetStatus(ctx, serial, "issued")
	case "voided":
		if err := h.Stamps.SetStatus(ctx, serial, "voided"); err != nil {
			return err
		}
		return h.Stamps.Append(ctx, &repo.Event{Serial: serial, Seq: 2})
	default:
		return h.Stamps.SetStatus(ctx, serial, kind)
	}
}

func stampWith(ctx context.Context, s TagStore, serial, kind string) error {
	switch kind {
	case "issued":
		if err := s.Append(ctx, &repo.Event{Serial: serial, Seq: 1}); err != nil {
			return err
		}
		return s.SetStatus(ctx, serial, "issued")
	case "voided":
		if err := s.SetStatus(ctx, serial, "voided"); err != nil {
			return err
		}
		return s.Append(ctx, &repo.Event{Serial: serial, Seq: 2})
	default:
		return s.SetStatus(ctx, serial, kind)
	}
}

// Settle settles the tag in the manager's transaction through settle;
// SettleLoose calls settle with the request's context, where its writes
// commit one by one.
func (h *Handler) Settle(w http.ResponseWriter, r *http.Request) {
	serial := r.FormValue("serial")
	h.Manager.InTx(r.Context(), func(ctx context.Context) error {
		return h.settle(ctx, serial)
	})
}

// SettleLoose settles the tag on the database.
func (h *Handler) SettleLoose(w http.ResponseWriter, r *http.Request) {
	h.settle(r.Context(), r.FormValue("serial"))
}

func (h *Handler) settle(ctx context.Context, serial string) error {
	if err := h.Stamps.Append(ctx, &repo.Event{Serial: serial, Seq: 3}); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in Marks.Append is not idempotent \(HTTP handler Handler.SettleLoose\)`
		return err
	}
	return h.Stamps.SetStatus(ctx, serial, "settled")
}
