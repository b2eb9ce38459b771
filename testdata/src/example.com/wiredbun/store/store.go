// Package store implements app's repositories with bun and gorm, each
// with a copy bound to a transaction (WithTx), and a transactor that
// hands the work it is given to the library's transaction function.
package store

import (
	"context"
	"net/http"
	"strings"

	"github.com/uptrace/bun"
	"gorm.io/gorm"
)

// Transactor runs work in a transaction of the database.
type Transactor interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error
}

type transactor struct{ db *bun.DB }

// NewTransactor returns the bun implementation.
func NewTransactor(db *bun.DB) Transactor { return &transactor{db: db} }

// RunInTx hands fn itself to bun, which runs it in the transaction.
func (t *transactor) RunInTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	return t.db.RunInTx(ctx, nil, fn)
}

// Ledger moves a charity's balance.
type Ledger interface {
	WithTx(tx bun.IDB) Ledger
	Reserve(ctx context.Context, charity string, pence int64) error
}

type ledger struct{ db bun.IDB }

// NewLedger returns the bun implementation on the database.
func NewLedger(db *bun.DB) Ledger { return &ledger{db: db} }

func (l *ledger) WithTx(tx bun.IDB) Ledger { return &ledger{db: tx} }

func (l *ledger) Reserve(ctx context.Context, charity string, pence int64) error {
	_, err := l.db.ExecContext(ctx, `UPDATE balances SET available = available - ?, reserved = reserved + ? WHERE charity_id = ?`, pence, pence, charity) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of balances \(it computes from the current value\) in store.ledger.Reserve is not idempotent \(HTTP handler Handler.Request\)`
	return err
}

// Payouts records payouts.
type Payouts interface {
	WithTx(tx bun.IDB) Payouts
	Insert(ctx context.Context, id, charity string, pence int64) error
	Cancel(ctx context.Context, id string) error
}

type payouts struct{ db bun.IDB }

// NewPayouts returns the bun implementation on the database.
func NewPayouts(db *bun.DB) Payouts { return &payouts{db: db} }

func (p *payouts) WithTx(tx bun.IDB) Payouts { return &payouts{db: tx} }

func (p *payouts) Insert(ctx context.Context, id, charity string, pence int64) error {
	_, err := p.db.ExecContext(ctx, `INSERT INTO payouts (id, charity_id, pence) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`, id, charity, pence)
	return err
}

func (p *payouts) Cancel(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, `UPDATE payouts SET status = 'cancelled' WHERE id = ?`, id)
	return err
}

// Scope narrows a gorm query.
type Scope func(*gorm.DB) *gorm.DB

// Where is a scope of a condition.
func Where(q string, args ...any) Scope {
	return func(db *gorm.DB) *gorm.DB { return db.Where(q, args...) }
}

// Repo is a generic gorm repository.
type Repo[T any] interface {
	WithTx(tx *gorm.DB) Repo[T]
	Create(ctx context.Context, v *T) error
	UpdateWhere(ctx context.Context, fields map[string]any, scopes ...Scope) error
}

type repo[T any] struct{ db *gorm.DB }

// NewRepo returns the gorm implementation on the database.
func NewRepo[T any](db *gorm.DB) Repo[T] { return &repo[T]{db: db} }

func (r *repo[T]) WithTx(tx *gorm.DB) Repo[T] { return &repo[T]{db: tx} }

func (r *repo[T]) apply(ctx context.Context, scopes []Scope) *gorm.DB {
	q := r.db.WithContext(ctx)
	for _, s := range scopes {
		q = s(q)
	}
	return q
}

func (r *repo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

func (r *repo[T]) UpdateWhere(ctx context.Context, fields map[string]any, scopes ...Scope) error {
	var zero T
	return r.apply(ctx, scopes).Model(&zero).Updates(fields).Error
}

// UoW runs work in a gorm transaction.
type UoW interface {
	InTx(ctx context.Context, fn func(tx *gorm.DB) error) error
}

type uow struct{ db *gorm.DB }

// NewUoW returns the gorm implementation.
func NewUoW(db *gorm.DB) UoW { return uow{db: db} }

func (u uow) InTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return u.db.WithContext(ctx).Transaction(fn)
}

// Bank is the bank's API.
type Bank struct{ URL string }

// Transfer asks the bank to pay a charity; the bank's answer says
// whether it took the transfer.
func (b Bank) Transfer(ctx context.Context, charity string, pence int64) (*Result, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.URL+"/transfers?charity="+charity, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Pay(Checked)?\)`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Result{Status: resp.Header.Get("Status")}, nil
}

// Result is the bank's answer.
type Result struct{ Status string }

// Accepted reports whether the bank took the transfer.
func (r *Result) Accepted() bool { return r.Status == "accepted" }

// PBM is an insurer's claims switch.
type PBM struct{ URL string }

// Eligible asks whether a patient is covered: a read.
func (p PBM) Eligible(ctx context.Context, member string) error {
	return p.post(ctx, "/v2/eligibility", member)
}

// Coverage asks another insurer: its helper posts claims too, which no
// root calls.
type Coverage struct{ PBM }

// Eligible asks whether a patient is covered: a read.
func (c Coverage) Eligible(ctx context.Context, member string) error {
	return c.send(ctx, "/v1/member-eligibility", member)
}

// SubmitClaim submits a claim.
func (c Coverage) SubmitClaim(ctx context.Context, member string) error {
	return c.send(ctx, "/v1/claims", member)
}

func (c Coverage) send(ctx context.Context, path, member string) error {
	resp, err := http.Post(c.URL+path, "text/plain", strings.NewReader(member))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Submit submits a claim.
func (p PBM) Submit(ctx context.Context, member string) error {
	return p.post(ctx, "/v2/claims", member)
}

func (p PBM) post(ctx context.Context, path, member string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.URL+path, strings.NewReader(member))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Claim\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Gateway is a card gateway whose calls take options.
type Gateway struct{ URL string }

// Option adjusts a gateway call.
type Option func(*Options)

// Options are a call's options, applied.
type Options struct{ IdempotencyKey string }

// WithKey keys the call.
func WithKey(key string) Option { return func(o *Options) { o.IdempotencyKey = key } }

func applyOptions(opts []Option) Options {
	var o Options
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// Charge charges a card.
func (g Gateway) Charge(ctx context.Context, cents int64, opts ...Option) error {
	return g.send(ctx, "/payments", applyOptions(opts)) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.TopUp\) \[IDEM002\]$`
}

func (g Gateway) send(ctx context.Context, path string, o Options) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL+path, nil)
	if err != nil {
		return err
	}
	if o.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.IdempotencyKey)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
