// Package app moves charities' money through repositories main wires.
package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/uptrace/bun"
	"gorm.io/gorm"

	"example.com/wiredbun/records"
	"example.com/wiredbun/store"
)

// Records stores plates, tag events and notes.
type Records interface {
	AddPlate(ctx context.Context, plate string) error
	AppendEvent(ctx context.Context, serial string, seq int64) error
	Find(ctx context.Context, cond string, args ...any) (*records.Note, error)
	Create(ctx context.Context, n *records.Note) error
}

// RegisterPlate registers the plate the request names through the
// registry main wires.
func (h *Handler) RegisterPlate(w http.ResponseWriter, r *http.Request) {
	h.Registry.Register(r.Context(), r.FormValue("plate"))
}

// TagEvent records the event the request carries, keyed by its stream
// and sequence number.
func (h *Handler) TagEvent(w http.ResponseWriter, r *http.Request) {
	seq, _ := strconv.ParseInt(r.FormValue("seq"), 10, 64)
	h.Records.AppendEvent(r.Context(), strings.TrimSpace(r.FormValue("serial")), seq)
}

// Notify records the booking's cancellation note unless it is there: a
// retry after the insert leaves at the lookup.
func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) {
	id := "cancel:" + r.FormValue("booking")
	if _, err := h.Records.Find(r.Context(), "id = ?", id); err == nil {
		return
	}
	h.Records.Create(r.Context(), &records.Note{ID: id, Body: "cancelled"})
}

// Grant is a credit grant.
type Grant struct {
	ID     int64
	Amount int64
}

// Bank pays out.
type Bank interface {
	Transfer(ctx context.Context, charity string, pence int64) (*store.Result, error)
}

// Switch is an insurer's claims switch.
type Switch interface {
	Eligible(ctx context.Context, member string) error
	Submit(ctx context.Context, member string) error
}

// Check asks the insurer whether the member is covered: a read.
func (h *Handler) Check(w http.ResponseWriter, r *http.Request) {
	h.PBM.Eligible(r.Context(), r.FormValue("member"))
}

// CheckOther asks the other insurer: a read.
func (h *Handler) CheckOther(w http.ResponseWriter, r *http.Request) {
	h.Other.Eligible(r.Context(), r.FormValue("member"))
}

// Claim submits a claim with no key.
func (h *Handler) Claim(w http.ResponseWriter, r *http.Request) {
	h.PBM.Submit(r.Context(), r.FormValue("member"))
}

// Handler holds what main gives it.
type Handler struct {
	Tx       store.Transactor
	Ledger   store.Ledger
	Payouts  store.Payouts
	Grants   store.Repo[Grant]
	UoW      store.UoW
	Bank     Bank
	PBM      Switch
	Other    Checker
	Records  Records
	Registry Registry
	Charger  Charger
}

// Charger charges cards.
type Charger interface {
	Charge(ctx context.Context, cents int64, opts ...store.Option) error
}

// TopUp charges the card with no key.
func (h *Handler) TopUp(w http.ResponseWriter, r *http.Request) {
	h.Charger.Charge(r.Context(), 100)
}

// TopUpKeyed charges it under the request's key.
func (h *Handler) TopUpKeyed(w http.ResponseWriter, r *http.Request) {
	h.Charger.Charge(r.Context(), 100, store.WithKey(r.Header.Get("Idempotency-Key")))
}

// Registry registers plates.
type Registry interface {
	Register(ctx context.Context, plate string) error
}

// Checker asks an insurer about coverage.
type Checker interface {
	Eligible(ctx context.Context, member string) error
}

// Request reserves the funds on the database, then records the payout
// in a transaction: a failure of the transaction leaves the funds
// reserved, and the retry reserves them again.
func (h *Handler) Request(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	charity, id := r.FormValue("charity"), r.FormValue("reference")
	if err := h.Ledger.Reserve(ctx, charity, 100); err != nil {
		return
	}
	h.Tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return h.Payouts.WithTx(tx).Insert(ctx, id, charity, 100)
	})
}

// RequestInTx does both in the transaction the transactor runs the
// work in, each repository bound to it.
func (h *Handler) RequestInTx(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	charity, id := r.FormValue("charity"), r.FormValue("reference")
	h.Tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := h.Ledger.WithTx(tx).Reserve(ctx, charity, 100); err != nil {
			return err
		}
		return h.Payouts.WithTx(tx).Insert(ctx, id, charity, 100)
	})
}

// Expire expires a grant and adds its row in the unit of work's
// transaction, through copies of the generic repository bound to it
// and a scope that narrows the update.
func (h *Handler) Expire(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("grant")
	h.UoW.InTx(ctx, func(tx *gorm.DB) error {
		if err := h.Grants.WithTx(tx).UpdateWhere(ctx, map[string]any{"amount": gorm.Expr("amount - ?", 1)}, store.Where("id = ?", id)); err != nil {
			return err
		}
		if err := h.Grants.WithTx(tx).Create(ctx, &Grant{Amount: -1}); err != nil {
			return err
		}
		return tx.Exec("UPDATE accounts SET balance = balance - ? WHERE grant_id = ?", 1, id).Error
	})
}

// Pay reserves the funds, then asks the bank: a refusal is marked on
// the payout, the outcome of the call, which can only be written after
// it.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	charity, id := r.FormValue("charity"), r.FormValue("reference")
	if err := h.Ledger.Reserve(ctx, charity, 100); err != nil {
		return
	}
	if err := h.payOut(ctx, id, charity); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// PayChecked does the same, the bank's answer compared with the status
// it gives for a transfer taken.
func (h *Handler) PayChecked(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	charity, id := r.FormValue("charity"), r.FormValue("reference")
	if err := h.Ledger.Reserve(ctx, charity, 100); err != nil {
		return
	}
	if err := h.payOutChecked(ctx, id, charity); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

func (h *Handler) payOutChecked(ctx context.Context, id, charity string) error {
	res, err := h.Bank.Transfer(ctx, charity, 100)
	if err != nil {
		return err
	}
	if res.Status != "accepted" {
		h.Payouts.Cancel(ctx, id)
		return fmt.Errorf("transfer %s refused: %s", id, res.Status)
	}
	return nil
}

func (h *Handler) payOut(ctx context.Context, id, charity string) error {
	res, err := h.Bank.Transfer(ctx, charity, 100)
	if err != nil {
		return err
	}
	if !res.Accepted() {
		h.Payouts.Cancel(ctx, id)
		return errors.New("transfer refused")
	}
	return nil
}
