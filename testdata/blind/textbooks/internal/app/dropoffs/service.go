// Package dropoffs records what students put into the kiosks.
package dropoffs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
)

type Quotes interface {
	ByDropoffCode(ctx context.Context, code string) (*domain.Quote, error)
	SetStatus(ctx context.Context, id string, st domain.QuoteStatus) error
}

type Dropoffs interface {
	Insert(ctx context.Context, d *domain.Dropoff, lines []*domain.DropoffLine) error
}

type Payouts interface {
	Insert(ctx context.Context, p *domain.Payout) error
}

type Heartbeats interface {
	AddHeartbeat(ctx context.Context, hb *domain.KioskHeartbeat) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	quotes     Quotes
	dropoffs   Dropoffs
	payouts    Payouts
	heartbeats Heartbeats
	tx         TxRunner

	newID ids.Generator
	now   func() time.Time
}

var _ app.KioskService = (*Service)(nil)

func New(q Quotes, d Dropoffs, p Payouts, hb Heartbeats, tx TxRunner) *Service {
	return &Service{
		quotes: q, dropoffs: d, payouts: p, heartbeats: hb, tx: tx,
		newID: ids.NewULID,
		now:   time.Now,
	}
}

// RecordDropoff is called by the kiosk once the bin door closes. Students
// may bring the books on one quote over several visits, so a quote that is
// already dropped_off still accepts more.
func (s *Service) RecordDropoff(ctx context.Context, req app.DropoffRequest) (*domain.Dropoff, error) {
	q, err := s.quotes.ByDropoffCode(ctx, req.DropoffCode)
	if errors.Is(err, app.ErrNoRows) {
		return nil, app.NotFound("unknown drop-off code")
	}
	if err != nil {
		return nil, err
	}
	if q.Status != domain.QuoteAccepted && q.Status != domain.QuoteDroppedOff {
		return nil, app.Conflict("quote is not accepted")
	}
	if s.now().After(q.ExpiresAt.Add(48 * time.Hour)) {
		return nil, app.Gone("quote expired")
	}

	d := &domain.Dropoff{
		ID:           s.newID(),
		QuoteID:      q.ID,
		KioskID:      req.KioskID,
		KioskEventID: req.EventID,
		Slot:         req.Slot,
		Status:       "received",
	}
	lines := matchLines(q.Lines, req.ISBNs, func(ql *domain.QuoteLine) *domain.DropoffLine {
		return &domain.DropoffLine{
			ID:          s.newID(),
			DropoffID:   d.ID,
			QuoteLineID: ql.ID,
			ISBN:        ql.ISBN,
			OfferCents:  ql.OfferCents,
		}
	})
	if len(lines) == 0 {
		return nil, app.Invalid("no scanned book matches the quote")
	}
	if extra := len(req.ISBNs) - len(lines); extra > 0 {
		slog.InfoContext(ctx, "kiosk bin has books not on the quote", "dropoff", d.ID, "extra", extra)
	}

	payout := &domain.Payout{
		ID:        s.newID(),
		StudentID: q.StudentID,
		DropoffID: d.ID,
		Method:    q.PayoutMethod,
		Status:    domain.PayoutPending,
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.dropoffs.Insert(ctx, d, lines); err != nil {
			return err
		}
		if err := s.payouts.Insert(ctx, payout); err != nil {
			return err
		}
		return s.quotes.SetStatus(ctx, q.ID, domain.QuoteDroppedOff)
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// matchLines pairs scanned ISBNs with quote lines, each quote line used once.
func matchLines(quoted []*domain.QuoteLine, scanned []string, mk func(*domain.QuoteLine) *domain.DropoffLine) []*domain.DropoffLine {
	pool := map[string][]*domain.QuoteLine{}
	for _, ql := range quoted {
		pool[ql.ISBN] = append(pool[ql.ISBN], ql)
	}
	var out []*domain.DropoffLine
	for _, isbn := range scanned {
		avail := pool[isbn]
		if len(avail) == 0 {
			continue
		}
		out = append(out, mk(avail[0]))
		pool[isbn] = avail[1:]
	}
	return out
}

// RecordHeartbeat stores a kiosk telemetry sample.
func (s *Service) RecordHeartbeat(ctx context.Context, hb app.Heartbeat) error {
	at := hb.ReportedAt
	if at.IsZero() {
		at = s.now()
	}
	return s.heartbeats.AddHeartbeat(ctx, &domain.KioskHeartbeat{
		ID:         s.newID(),
		KioskID:    hb.KioskID,
		BinFillPct: hb.BinFillPct,
		Firmware:   hb.Firmware,
		ReportedAt: at,
	})
}
