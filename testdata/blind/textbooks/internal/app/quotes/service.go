// Package quotes prices buyback requests and hands out drop-off codes.
package quotes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/provider/messaging"
	"github.com/quirecampus/bookloop/internal/provider/wholesale"
)

type Store interface {
	InsertIfAbsent(ctx context.Context, q *domain.Quote) (bool, error)
	InsertLines(ctx context.Context, lines []*domain.QuoteLine) error
	ByClientRequest(ctx context.Context, studentID, requestID string) (*domain.Quote, error)
	Get(ctx context.Context, id string) (*domain.Quote, error)
	Accept(ctx context.Context, id, code string, at time.Time) error
}

type OfferCache interface {
	Save(ctx context.Context, offers []domain.WholesaleOffer) error
	Fresh(ctx context.Context, isbns []string, since time.Time) ([]domain.WholesaleOffer, error)
}

type OfferSource interface {
	Offers(ctx context.Context, isbns []string) ([]wholesale.Offer, error)
}

type Texter interface {
	SendSMS(ctx context.Context, m messaging.SMS) (string, error)
}

type Students interface {
	Get(ctx context.Context, id string) (*domain.Student, error)
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Deps struct {
	Quotes   Store
	Offers   OfferCache
	Partner  OfferSource
	SMS      Texter
	Students Students
	Tx       TxRunner

	TTL time.Duration
	// CreditBonusPct is added to offers when the student picks store credit.
	CreditBonusPct int64
	OfferMaxAge    time.Duration
	MaxBooks       int

	NewID ids.Generator
	Now   func() time.Time
}

type Service struct{ d Deps }

var _ app.QuoteService = (*Service)(nil)

func New(d Deps) *Service {
	if d.NewID == nil {
		d.NewID = ids.NewULID
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.OfferMaxAge == 0 {
		d.OfferMaxAge = 6 * time.Hour
	}
	if d.MaxBooks == 0 {
		d.MaxBooks = 25
	}
	return &Service{d: d}
}

func (s *Service) Create(ctx context.Context, req app.QuoteRequest) (*domain.Quote, error) {
	if req.ClientRequestID == "" {
		return nil, app.Invalid("Idempotency-Key header is required")
	}
	if len(req.ISBNs) == 0 || len(req.ISBNs) > s.d.MaxBooks {
		return nil, app.Invalid(fmt.Sprintf("between 1 and %d books per quote", s.d.MaxBooks))
	}
	if req.PayoutMethod != domain.PayoutDebitCard && req.PayoutMethod != domain.PayoutStoreCredit {
		return nil, app.Invalid("unknown payout method")
	}

	// A repeat of a request we already answered: skip the partner call.
	if q, err := s.d.Quotes.ByClientRequest(ctx, req.StudentID, req.ClientRequestID); err == nil {
		return q, nil
	} else if !errors.Is(err, app.ErrNoRows) {
		return nil, err
	}

	best, err := s.bestOffers(ctx, req.ISBNs)
	if err != nil {
		return nil, err
	}

	now := s.d.Now()
	q := &domain.Quote{
		ID:              s.d.NewID(),
		StudentID:       req.StudentID,
		ClientRequestID: req.ClientRequestID,
		Status:          domain.QuoteOpen,
		PayoutMethod:    req.PayoutMethod,
		ExpiresAt:       now.Add(s.d.TTL),
	}
	lines := make([]*domain.QuoteLine, 0, len(req.ISBNs))
	for _, isbn := range req.ISBNs {
		o, ok := best[isbn]
		if !ok || o.OfferCents == 0 {
			continue // nobody buys it; the app shows it as "no offer"
		}
		cents := o.OfferCents
		if req.PayoutMethod == domain.PayoutStoreCredit {
			cents += cents * s.d.CreditBonusPct / 100
		}
		lines = append(lines, &domain.QuoteLine{
			ID:           s.d.NewID(),
			QuoteID:      q.ID,
			ISBN:         isbn,
			OfferCents:   cents,
			WholesalerID: o.WholesalerID,
		})
		q.TotalCents += cents
	}
	if len(lines) == 0 {
		return nil, app.Invalid("none of these books have a buyback offer right now")
	}

	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.d.Quotes.InsertIfAbsent(ctx, q)
		if err != nil || !inserted {
			// Not inserted: a concurrent retry of the same request won.
			return err
		}
		return s.d.Quotes.InsertLines(ctx, lines)
	})
	if err != nil {
		return nil, fmt.Errorf("save quote: %w", err)
	}
	return s.d.Quotes.ByClientRequest(ctx, req.StudentID, req.ClientRequestID)
}

// bestOffers returns the highest offer per ISBN, refreshing stale ones.
func (s *Service) bestOffers(ctx context.Context, isbns []string) (map[string]domain.WholesaleOffer, error) {
	cached, err := s.d.Offers.Fresh(ctx, isbns, s.d.Now().Add(-s.d.OfferMaxAge))
	if err != nil {
		return nil, err
	}
	best := map[string]domain.WholesaleOffer{}
	keep := func(o domain.WholesaleOffer) {
		if cur, ok := best[o.ISBN]; !ok || o.OfferCents > cur.OfferCents {
			best[o.ISBN] = o
		}
	}
	for _, o := range cached {
		keep(o)
	}

	var missing []string
	for _, isbn := range isbns {
		if _, ok := best[isbn]; !ok {
			missing = append(missing, isbn)
		}
	}
	if len(missing) == 0 {
		return best, nil
	}

	live, err := s.d.Partner.Offers(ctx, missing)
	if err != nil {
		return nil, fmt.Errorf("wholesale offers: %w", err)
	}
	now := s.d.Now()
	fresh := make([]domain.WholesaleOffer, 0, len(live))
	for _, o := range live {
		w := domain.WholesaleOffer{WholesalerID: o.WholesalerID, ISBN: o.ISBN, OfferCents: o.OfferCents, FetchedAt: now}
		fresh = append(fresh, w)
		keep(w)
	}
	if err := s.d.Offers.Save(ctx, fresh); err != nil {
		return nil, fmt.Errorf("cache offers: %w", err)
	}
	return best, nil
}

// Accept locks in an open quote and texts the student the drop-off code
// they type at the kiosk.
func (s *Service) Accept(ctx context.Context, studentID, quoteID string) (*domain.Quote, error) {
	q, err := s.d.Quotes.Get(ctx, quoteID)
	if errors.Is(err, app.ErrNoRows) || (err == nil && q.StudentID != studentID) {
		return nil, app.NotFound("quote not found")
	}
	if err != nil {
		return nil, err
	}
	switch q.Status {
	case domain.QuoteAccepted, domain.QuoteDroppedOff:
		return q, nil
	case domain.QuoteOpen:
	default:
		return nil, app.Gone("quote is no longer available")
	}
	now := s.d.Now()
	if now.After(q.ExpiresAt) {
		return nil, app.Gone("quote expired")
	}

	student, err := s.d.Students.Get(ctx, studentID)
	if err != nil {
		return nil, err
	}
	code := ids.DropoffCode(q.ID)
	if student.Phone != "" {
		body := fmt.Sprintf("Bookloop: your drop-off code is %s. Bring %d book(s) to any campus kiosk before %s.",
			code, len(q.Lines), q.ExpiresAt.Format("Jan 2"))
		if _, err := s.d.SMS.SendSMS(ctx, messaging.SMS{To: student.Phone, Body: body}); err != nil {
			return nil, fmt.Errorf("text drop-off code: %w", err)
		}
	}

	if err := s.d.Quotes.Accept(ctx, q.ID, code, now); err != nil && !errors.Is(err, app.ErrStale) {
		return nil, err
	}
	return s.d.Quotes.Get(ctx, q.ID)
}
