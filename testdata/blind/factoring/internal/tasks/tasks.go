// Package tasks declares the background task kinds executed by the worker
// binary and the payloads they carry.
package tasks

import (
	"context"
	"strconv"
	"time"

	"github.com/google/uuid"
)

const (
	KindPayoutInitiate     = "payout.initiate"
	KindNoticeSendPost     = "notice.send_post"
	KindNoticeSendEmail    = "notice.send_email"
	KindCreditCheck        = "credit.check"
	KindCollectionInitiate = "collection.initiate"
	KindCollectionRetry    = "collection.retry"
	KindFeesAccrue         = "fees.accrue"
	KindAdvanceClose       = "advance.close"
)

// Payload is implemented by every task payload.
type Payload interface {
	Kind() string
	DedupKey() string
}

// Enqueuer is the slice of the task repository producers need.
type Enqueuer interface {
	Enqueue(ctx context.Context, kind, dedupKey string, payload any, runAfter time.Time) (bool, error)
}

// Enqueue schedules p to run as soon as a worker is free.
func Enqueue[P Payload](ctx context.Context, q Enqueuer, p P) (bool, error) {
	return q.Enqueue(ctx, p.Kind(), p.DedupKey(), p, time.Time{})
}

// EnqueueAt schedules p to run no earlier than at.
func EnqueueAt[P Payload](ctx context.Context, q Enqueuer, p P, at time.Time) (bool, error) {
	return q.Enqueue(ctx, p.Kind(), p.DedupKey(), p, at)
}

type PayoutInitiate struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func (p PayoutInitiate) Kind() string     { return KindPayoutInitiate }
func (p PayoutInitiate) DedupKey() string { return p.PayoutID.String() }

type NoticeSendPost struct {
	NoticeID uuid.UUID `json:"notice_id"`
}

func (p NoticeSendPost) Kind() string     { return KindNoticeSendPost }
func (p NoticeSendPost) DedupKey() string { return p.NoticeID.String() }

type NoticeSendEmail struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
	Kind_     string    `json:"notice_kind"`
}

func (p NoticeSendEmail) Kind() string     { return KindNoticeSendEmail }
func (p NoticeSendEmail) DedupKey() string { return p.InvoiceID.String() + ":" + p.Kind_ }

type CreditCheck struct {
	CheckID uuid.UUID `json:"check_id"`
}

func (p CreditCheck) Kind() string     { return KindCreditCheck }
func (p CreditCheck) DedupKey() string { return p.CheckID.String() }

type CollectionInitiate struct {
	InvoiceID   uuid.UUID `json:"invoice_id"`
	Installment int       `json:"installment"`
}

func (p CollectionInitiate) Kind() string { return KindCollectionInitiate }
func (p CollectionInitiate) DedupKey() string {
	return p.InvoiceID.String() + ":" + strconv.Itoa(p.Installment)
}

type CollectionRetry struct {
	CollectionID uuid.UUID `json:"collection_id"`
	RetryToken   string    `json:"retry_token"`
}

func (p CollectionRetry) Kind() string     { return KindCollectionRetry }
func (p CollectionRetry) DedupKey() string { return p.CollectionID.String() + ":" + p.RetryToken }

type FeesAccrue struct {
	Date string `json:"date"`
}

func (p FeesAccrue) Kind() string     { return KindFeesAccrue }
func (p FeesAccrue) DedupKey() string { return p.Date }

type AdvanceClose struct {
	AdvanceID uuid.UUID `json:"advance_id"`
}

func (p AdvanceClose) Kind() string     { return KindAdvanceClose }
func (p AdvanceClose) DedupKey() string { return p.AdvanceID.String() }
