// Package boxoffice sells single tickets and handles exchanges.
package boxoffice

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/payments/stripepay"
)

// OrderStore is the order persistence the service needs.
type OrderStore interface {
	Performance(ctx context.Context, id string) (*domain.Performance, error)
	Get(ctx context.Context, id string) (*domain.Order, error)
	Tickets(ctx context.Context, orderID string) ([]domain.Ticket, error)
	CreatePending(ctx context.Context, o *domain.Order, tickets []domain.Ticket) (*domain.Order, bool, error)
	MarkPaid(ctx context.Context, orderID, paymentIntentID string) error
	MarkFailed(ctx context.Context, orderID string) error
	ExchangeForCredit(ctx context.Context, orderID, creditID string, expiresAt time.Time) (*domain.ExchangeCredit, error)
	CreateFromCredit(ctx context.Context, o *domain.Order, tickets []domain.Ticket, red *domain.CreditRedemption) error
}

// CreditStore manages exchange credit balances.
type CreditStore interface {
	Get(ctx context.Context, id string) (*domain.ExchangeCredit, error)
	Debit(ctx context.Context, id string, amount int64) error
}

// PatronLookup resolves Stripe customers for patrons.
type PatronLookup interface {
	Patron(ctx context.Context, id string) (*domain.Patron, error)
}

// Payments charges cards.
type Payments interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (*stripepay.ChargeResult, error)
}

// Confirmer emails order confirmations.
type Confirmer interface {
	OrderConfirmation(ctx context.Context, o *domain.Order, perf *domain.Performance, tickets []domain.Ticket) error
}

// Service is the single-ticket box office.
type Service struct {
	orders    OrderStore
	credits   CreditStore
	patrons   PatronLookup
	payments  Payments
	confirm   Confirmer
	creditTTL time.Duration
	newID     func() string
	log       *slog.Logger
}

// Deps groups the collaborators of Service.
type Deps struct {
	Orders    OrderStore
	Credits   CreditStore
	Patrons   PatronLookup
	Payments  Payments
	Confirmer Confirmer
	CreditTTL time.Duration
	Logger    *slog.Logger
}

// NewService builds the box office service.
func NewService(d Deps) *Service {
	log := d.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Service{
		orders:    d.Orders,
		credits:   d.Credits,
		patrons:   d.Patrons,
		payments:  d.Payments,
		confirm:   d.Confirmer,
		creditTTL: d.CreditTTL,
		newID:     uuid.NewString,
		log:       log,
	}
}

// PlaceOrderRequest is a web or phone ticket purchase.
type PlaceOrderRequest struct {
	RequestKey      string
	PatronID        string
	PerformanceID   string
	Seats           []string
	PaymentMethodID string
	Email           string
	Channel         string
}

// PlaceOrder holds the seats, charges the card and confirms the order.
// The client's request key identifies the purchase across retries.
func (s *Service) PlaceOrder(ctx context.Context, req PlaceOrderRequest) (*domain.Order, error) {
	if req.RequestKey == "" {
		return nil, domain.Invalid("Idempotency-Key", "header is required")
	}
	if !strings.Contains(req.Email, "@") {
		return nil, domain.Invalid("email", "must be an email address")
	}
	perf, err := s.orders.Performance(ctx, req.PerformanceID)
	if err != nil {
		return nil, err
	}
	if perf.Status != "on_sale" {
		return nil, fmt.Errorf("%w: performance is %s", domain.ErrConflict, perf.Status)
	}
	patron, err := s.patrons.Patron(ctx, req.PatronID)
	if err != nil {
		return nil, err
	}
	if patron.StripeCustomerID == nil {
		return nil, domain.Invalid("patron_id", "patron has no Stripe customer")
	}

	orderID := s.newID()
	tickets, total, err := priceSeats(perf.ID, req.Seats, s.newID, domain.TicketHeld)
	if err != nil {
		return nil, err
	}
	for i := range tickets {
		tickets[i].OrderID = orderID
	}
	key := req.RequestKey
	order := &domain.Order{
		ID:            orderID,
		RequestKey:    &key,
		PatronID:      patron.ID,
		PerformanceID: perf.ID,
		Channel:       defaultChannel(req.Channel),
		TotalCents:    total,
		Status:        domain.OrderPending,
		Email:         req.Email,
	}

	stored, created, err := s.orders.CreatePending(ctx, order, tickets)
	if err != nil {
		return nil, err
	}
	if !created {
		s.log.InfoContext(ctx, "order request replayed", "order_id", stored.ID)
	}
	switch stored.Status {
	case domain.OrderPaid:
		return stored, s.sendConfirmation(ctx, stored, perf)
	case domain.OrderFailed:
		return stored, domain.ErrPaymentDeclined
	}

	res, err := s.payments.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      *patron.StripeCustomerID,
		PaymentMethodID: req.PaymentMethodID,
		AmountCents:     stored.TotalCents,
		Description:     fmt.Sprintf("%s — %d ticket(s)", perf.Title, len(tickets)),
		StatementSuffix: "TICKETS",
		Metadata:        map[string]string{"order_id": stored.ID, "performance_id": perf.ID},
		IdempotencyKey:  "order:" + req.RequestKey,
	})
	if errors.Is(err, domain.ErrPaymentDeclined) {
		if ferr := s.orders.MarkFailed(ctx, stored.ID); ferr != nil {
			return nil, ferr
		}
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	if err := s.orders.MarkPaid(ctx, stored.ID, res.PaymentIntentID); err != nil {
		return nil, err
	}
	stored.Status = domain.OrderPaid
	stored.PaymentIntentID = &res.PaymentIntentID
	return stored, s.sendConfirmation(ctx, stored, perf)
}

func (s *Service) sendConfirmation(ctx context.Context, o *domain.Order, perf *domain.Performance) error {
	tickets, err := s.orders.Tickets(ctx, o.ID)
	if err != nil {
		return err
	}
	if err := s.confirm.OrderConfirmation(ctx, o, perf, tickets); err != nil {
		return fmt.Errorf("send confirmation: %w", err)
	}
	return nil
}

// Exchange converts an order's tickets into a credit the patron can spend
// on another performance this season.
func (s *Service) Exchange(ctx context.Context, orderID, patronID string) (*domain.ExchangeCredit, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if o.PatronID != patronID {
		return nil, domain.ErrNotFound
	}
	perf, err := s.orders.Performance(ctx, o.PerformanceID)
	if err != nil {
		return nil, err
	}
	if time.Until(perf.StartsAt) < 24*time.Hour {
		return nil, fmt.Errorf("%w: exchanges close 24 hours before the performance", domain.ErrConflict)
	}
	return s.orders.ExchangeForCredit(ctx, orderID, s.newID(), time.Now().Add(s.creditTTL))
}

// RedeemRequest spends exchange credit on new seats.
type RedeemRequest struct {
	PatronID      string
	PerformanceID string
	Seats         []string
	Email         string
}

// RedeemCredit books seats for a performance against an exchange credit.
func (s *Service) RedeemCredit(ctx context.Context, creditID string, req RedeemRequest) (*domain.Order, error) {
	credit, err := s.credits.Get(ctx, creditID)
	if err != nil {
		return nil, err
	}
	if credit.PatronID != req.PatronID {
		return nil, domain.ErrNotFound
	}
	if time.Now().After(credit.ExpiresAt) {
		return nil, fmt.Errorf("%w: credit expired", domain.ErrConflict)
	}
	perf, err := s.orders.Performance(ctx, req.PerformanceID)
	if err != nil {
		return nil, err
	}
	orderID := s.newID()
	tickets, total, err := priceSeats(perf.ID, req.Seats, s.newID, domain.TicketSold)
	if err != nil {
		return nil, err
	}
	if total > credit.RemainingCents {
		return nil, domain.ErrInsufficientFunds
	}
	for i := range tickets {
		tickets[i].OrderID = orderID
	}

	// Take the balance first so two browser tabs cannot spend it twice.
	if err := s.credits.Debit(ctx, credit.ID, total); err != nil {
		return nil, err
	}
	order := &domain.Order{
		ID:            orderID,
		PatronID:      req.PatronID,
		PerformanceID: perf.ID,
		Channel:       "exchange",
		TotalCents:    total,
		Status:        domain.OrderPaid,
		Email:         req.Email,
	}
	red := &domain.CreditRedemption{ID: s.newID(), CreditID: credit.ID, OrderID: orderID, AmountCents: total}
	if err := s.orders.CreateFromCredit(ctx, order, tickets, red); err != nil {
		return nil, fmt.Errorf("book exchanged seats: %w", err)
	}
	if err := s.confirm.OrderConfirmation(ctx, order, perf, tickets); err != nil {
		s.log.WarnContext(ctx, "exchange confirmation not sent", "order_id", order.ID, "err", err)
	}
	return order, nil
}

func defaultChannel(c string) string {
	switch c {
	case "phone":
		return "phone"
	default:
		return "web"
	}
}

// sectionPrices maps the first letter of a seat label to its single-ticket
// price for the current season. Orchestra (O), Dress Circle (D),
// Mezzanine (M), Balcony (B).
var sectionPrices = map[byte]int64{
	'O': 9800,
	'D': 7600,
	'M': 5400,
	'B': 3200,
}

// priceSeats validates seat labels and returns tickets at list price.
func priceSeats(perfID string, seats []string, newID func() string, status string) ([]domain.Ticket, int64, error) {
	if len(seats) == 0 {
		return nil, 0, domain.Invalid("seats", "at least one seat is required")
	}
	if len(seats) > 8 {
		return nil, 0, domain.Invalid("seats", "at most 8 seats per order")
	}
	seen := make(map[string]bool, len(seats))
	tickets := make([]domain.Ticket, 0, len(seats))
	var total int64
	for _, raw := range seats {
		label := strings.ToUpper(strings.TrimSpace(raw))
		if label == "" {
			return nil, 0, domain.Invalid("seats", "empty seat label")
		}
		if seen[label] {
			return nil, 0, domain.Invalid("seats", fmt.Sprintf("seat %s listed twice", label))
		}
		seen[label] = true
		price, ok := sectionPrices[label[0]]
		if !ok {
			return nil, 0, domain.Invalid("seats", fmt.Sprintf("unknown section for seat %s", label))
		}
		tickets = append(tickets, domain.Ticket{
			ID:            newID(),
			PerformanceID: perfID,
			SeatLabel:     label,
			PriceCents:    price,
			Status:        status,
		})
		total += price
	}
	return tickets, total, nil
}
