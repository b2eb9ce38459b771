// Package dues raises a period's dues for each account, through
// invoice and ledger stores the composition root fills.
package dues

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// An Invoice is one account's dues for one period.
type Invoice struct {
	ID      string
	Account string
	Period  string
}

// An Entry is a line of an account's ledger.
type Entry struct {
	ID      string
	Account string
	Invoice string
}

// Invoices stores invoices.
type Invoices interface {
	// CreateIfAbsent stores inv unless the account has an invoice for
	// the period, and says whether it did.
	CreateIfAbsent(ctx context.Context, inv Invoice) (bool, error)
}

// Ledger appends ledger entries.
type Ledger interface {
	Insert(ctx context.Context, e Entry) error
}

// Run raises the period's dues.
type Run struct {
	Invoices Invoices
	Ledger   Ledger
}

// Raise posts a ledger entry for each invoice it creates: an account
// invoiced for the period before is skipped, so the entry under its
// fresh ID is posted once for each account and period, on a retry too;
// but the invoice commits apart from the entry, and a retry after the
// entry failed skips it.
func (d *Run) Raise(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	for _, account := range r.Form["account"] {
		inv := Invoice{ID: uuid.NewString(), Account: account, Period: r.FormValue("period")}
		created, err := d.Invoices.CreateIfAbsent(ctx, inv)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if !created {
			continue
		}
		if err := d.Ledger.Insert(ctx, Entry{ID: uuid.NewString(), Account: account, Invoice: inv.ID}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
}

// RaiseAll posts the entry whether or not the invoice was new: a retry
// posts a second entry under a new ID.
func (d *Run) RaiseAll(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	for _, account := range r.Form["account"] {
		inv := Invoice{ID: uuid.NewString(), Account: account, Period: r.FormValue("period")}
		if _, err := d.Invoices.CreateIfAbsent(ctx, inv); err != nil {
			return
		}
		if err := d.Ledger.Insert(ctx, Entry{ID: uuid.NewString(), Account: account, Invoice: inv.ID}); err != nil { // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Run.RaiseAll\)`
			return
		}
	}
}
