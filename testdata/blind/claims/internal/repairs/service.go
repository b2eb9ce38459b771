package repairs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/providers/repairshop"
)

// Service implements the repair booking use cases.
type Service struct {
	tx       TxManager
	repo     Repository
	claims   Claims
	ledger   Ledger
	webhooks WebhookLog
	partner  Partner
	jobs     Jobs
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, claims Claims, ledger Ledger, webhooks WebhookLog, partner Partner, jobs Jobs) *Service {
	return &Service{tx: tx, repo: repo, claims: claims, ledger: ledger, webhooks: webhooks, partner: partner, jobs: jobs}
}

// BookingCmd asks for a repair slot.
type BookingCmd struct {
	ClaimID   uuid.UUID
	ShopID    string
	SlotStart time.Time
}

// RequestBooking records the booking request (one per claim, shop and slot)
// and enqueues the partner call in the same transaction.
func (s *Service) RequestBooking(ctx context.Context, cmd BookingCmd) (Booking, error) {
	var out Booking
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		c, err := s.claims.Contact(ctx, cmd.ClaimID)
		if err != nil {
			return err
		}
		if c.Status == "closed" {
			return ErrClaimClosed
		}
		b := Booking{
			ID:        uuid.New(),
			ClaimID:   cmd.ClaimID,
			ShopID:    cmd.ShopID,
			SlotStart: cmd.SlotStart.UTC().Truncate(time.Minute),
			Status:    BookingRequested,
		}
		inserted, err := s.repo.InsertBookingIfAbsent(ctx, b)
		if err != nil {
			return err
		}
		if !inserted {
			out, err = s.repo.GetBookingBySlot(ctx, b.ClaimID, b.ShopID, b.SlotStart)
			return err
		}
		out = b
		return s.jobs.EnqueueRepairBooking(ctx, b.ID)
	})
	return out, err
}

// ExecuteBooking calls the partner for a requested booking.
func (s *Service) ExecuteBooking(ctx context.Context, bookingID uuid.UUID) error {
	b, err := s.repo.GetBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != BookingRequested {
		return nil
	}
	c, err := s.claims.Contact(ctx, b.ClaimID)
	if err != nil {
		return err
	}
	reqKey := fmt.Sprintf("bk-%s-%d", b.ID, time.Now().UnixNano())
	res, err := s.partner.CreateBooking(ctx, repairshop.BookingRequest{
		ShopID:      b.ShopID,
		SlotStart:   b.SlotStart,
		ClaimNumber: c.ClaimNumber,
		Contact:     c.Email,
	}, repairshop.WithIdempotencyKey(reqKey), repairshop.WithCorrelationID(b.ID.String()))
	if err != nil {
		return fmt.Errorf("partner booking %s: %w", b.ID, err)
	}
	return s.repo.MarkBooked(ctx, b.ID, res.Reference)
}

// SupplementCmd authorises a numbered supplement on a booking.
type SupplementCmd struct {
	BookingID    uuid.UUID
	SupplementNo int
	AmountCents  int64
	Reason       string
}

// AuthorizeSupplement records the supplement and authorises it with the
// partner.
func (s *Service) AuthorizeSupplement(ctx context.Context, cmd SupplementCmd) (Supplement, error) {
	var b Booking
	var sup Supplement
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		var err error
		b, err = s.repo.GetBookingForUpdate(ctx, cmd.BookingID)
		if err != nil {
			return err
		}
		if b.Status != BookingConfirmed {
			return ErrBookingNotReady
		}
		if _, err := s.repo.InsertSupplementIfAbsent(ctx, Supplement{
			BookingID:    cmd.BookingID,
			SupplementNo: cmd.SupplementNo,
			AmountCents:  cmd.AmountCents,
			Reason:       cmd.Reason,
			Status:       "requested",
		}); err != nil {
			return err
		}
		sup, err = s.repo.GetSupplement(ctx, cmd.BookingID, cmd.SupplementNo)
		return err
	})
	if err != nil {
		return Supplement{}, err
	}
	if sup.Status == "authorized" {
		return sup, nil
	}
	res, err := s.partner.AuthorizeSupplement(ctx, b.PartnerRef, repairshop.SupplementRequest{
		SupplementNo: sup.SupplementNo,
		AmountCents:  sup.AmountCents,
		Reason:       sup.Reason,
	})
	if err != nil {
		return Supplement{}, err
	}
	if err := s.repo.MarkSupplementAuthorized(ctx, sup.BookingID, sup.SupplementNo, res.Reference); err != nil {
		return Supplement{}, err
	}
	sup.Status = "authorized"
	sup.PartnerRef = res.Reference
	return sup, nil
}

// PartnerEvent is a webhook from the repair partner.
type PartnerEvent struct {
	ID         string
	Type       string
	BookingRef string
	InvoiceRef string
	AmountCent int64
}

// HandlePartnerEvent applies a partner webhook.
func (s *Service) HandlePartnerEvent(ctx context.Context, evt PartnerEvent) error {
	seen, err := s.webhooks.Seen(ctx, "repairshop", evt.ID)
	if err != nil {
		return err
	}
	if seen {
		logx.From(ctx).Info("duplicate partner webhook", "event_id", evt.ID)
		return nil
	}
	err = s.tx.Do(ctx, func(ctx context.Context) error {
		b, err := s.repo.GetBookingByPartnerRef(ctx, evt.BookingRef)
		if err != nil {
			return err
		}
		switch evt.Type {
		case "booking.confirmed":
			return s.repo.SetBookingStatus(ctx, b.ID, BookingConfirmed)
		case "repair.completed":
			return s.repo.SetBookingStatus(ctx, b.ID, BookingCompleted)
		case "invoice.issued":
			if err := s.ledger.Append(ctx, b.ClaimID, "repair_invoice", evt.AmountCent, evt.InvoiceRef); err != nil {
				return err
			}
			return s.claims.AddPaid(ctx, b.ClaimID, evt.AmountCent)
		default:
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.webhooks.MarkSeen(ctx, "repairshop", evt.ID)
}
