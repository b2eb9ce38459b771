// Package liens manages the encumbrances on an order: liens keyed in by
// examiners, payoff statements requested from lienholders, and releases.
package liens

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/payoff"
)

// Store persists liens.
type Store interface {
	InsertManual(ctx context.Context, l *domain.Lien) error
	Get(ctx context.Context, id string) (*domain.Lien, error)
	MarkReleased(ctx context.Context, id, releaseInstrument string, at time.Time) (bool, error)
	InsertPayoffRequest(ctx context.Context, p *domain.PayoffRequest) error
}

// Orders reads orders.
type Orders interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
}

// PayoffNetwork requests payoff statements from servicers.
type PayoffNetwork interface {
	RequestStatement(ctx context.Context, r payoff.StatementRequest) (*payoff.StatementReceipt, error)
}

// Outbox queues domain events.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// Service manages liens.
type Service struct {
	tx      *txm.Manager
	liens   Store
	orders  Orders
	network PayoffNetwork
	outbox  Outbox
	replyTo string
	now     func() time.Time
	newID   func() string
}

// NewService returns a lien service.
func NewService(tx *txm.Manager, liens Store, orders Orders, network PayoffNetwork, outbox Outbox) *Service {
	return &Service{
		tx: tx, liens: liens, orders: orders, network: network, outbox: outbox,
		replyTo: "payoffs@cobaltmesatitle.com", now: time.Now, newID: ids.KSUID,
	}
}

// ManualLienInput is an examiner-entered lien.
type ManualLienInput struct {
	LienType    string `json:"lien_type"`
	Lienholder  string `json:"lienholder"`
	LoanNumber  string `json:"loan_number"`
	AmountCents int64  `json:"amount_cents"`
}

// AddManual records a lien that is not on the public record.
func (s *Service) AddManual(ctx context.Context, orderID string, in ManualLienInput) (*domain.Lien, error) {
	if strings.TrimSpace(in.Lienholder) == "" || in.LienType == "" {
		return nil, fmt.Errorf("%w: lien_type and lienholder are required", domain.ErrInvalid)
	}
	if _, err := s.orders.Get(ctx, orderID); err != nil {
		return nil, err
	}
	l := &domain.Lien{
		OrderID: orderID, LienType: in.LienType, Lienholder: in.Lienholder,
		LoanNumber: in.LoanNumber, AmountCents: in.AmountCents, CreatedAt: s.now().UTC(),
	}
	if err := s.liens.InsertManual(ctx, l); err != nil {
		return nil, err
	}
	return l, nil
}

type lienReleased struct {
	LienID            string    `json:"lien_id"`
	OrderID           string    `json:"order_id"`
	ReleaseInstrument string    `json:"release_instrument"`
	ReleasedAt        time.Time `json:"released_at"`
}

// Release marks a lien released by a recorded reconveyance or
// satisfaction. Releasing an already released lien with the same
// instrument succeeds.
func (s *Service) Release(ctx context.Context, lienID, releaseInstrument string) (*domain.Lien, error) {
	if releaseInstrument == "" {
		return nil, fmt.Errorf("%w: release_instrument is required", domain.ErrInvalid)
	}
	now := s.now().UTC()
	var out *domain.Lien
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ok, err := s.liens.MarkReleased(ctx, lienID, releaseInstrument, now)
		if err != nil {
			return err
		}
		l, err := s.liens.Get(ctx, lienID)
		if err != nil {
			return err
		}
		out = l
		if !ok {
			if l.ReleaseInstrument != nil && *l.ReleaseInstrument == releaseInstrument {
				return nil
			}
			return fmt.Errorf("%w: lien is %s", domain.ErrConflict, l.Status)
		}
		return s.outbox.Enqueue(ctx, "title.liens.v1", l.OrderID, lienReleased{
			LienID: l.ID, OrderID: l.OrderID, ReleaseInstrument: releaseInstrument, ReleasedAt: now,
		})
	})
	return out, err
}

// RequestPayoff asks the lienholder's servicer for a payoff statement good
// through the given date.
func (s *Service) RequestPayoff(ctx context.Context, lienID string, goodThrough time.Time) (*domain.PayoffRequest, error) {
	l, err := s.liens.Get(ctx, lienID)
	if err != nil {
		return nil, err
	}
	if l.Status != "open" {
		return nil, fmt.Errorf("%w: lien is %s", domain.ErrConflict, l.Status)
	}
	if l.LoanNumber == "" {
		return nil, fmt.Errorf("%w: lien has no loan number", domain.ErrInvalid)
	}
	o, err := s.orders.Get(ctx, l.OrderID)
	if err != nil {
		return nil, err
	}
	receipt, err := s.network.RequestStatement(ctx, payoff.StatementRequest{
		ServicerName: l.Lienholder,
		LoanNumber:   l.LoanNumber,
		BorrowerName: o.SellerName,
		PropertyAddr: o.PropertyAddr,
		GoodThrough:  goodThrough.Format(time.DateOnly),
		ReplyToEmail: s.replyTo,
	})
	if err != nil {
		return nil, fmt.Errorf("%w: payoff network: %v", domain.ErrUpstream, err)
	}
	p := &domain.PayoffRequest{
		ID: s.newID(), LienID: l.ID, LenderRef: receipt.RequestRef,
		GoodThrough: goodThrough, Status: receipt.Status, RequestedAt: s.now().UTC(),
	}
	if err := s.liens.InsertPayoffRequest(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}
