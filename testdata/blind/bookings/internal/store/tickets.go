package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// TicketRepository persists partner-issued tickets.
type TicketRepository struct{ base }

// NewTicketRepository builds a TicketRepository.
func NewTicketRepository(db *gorm.DB) *TicketRepository {
	return &TicketRepository{base{db: db}}
}

// Insert stores a newly issued ticket.
func (r *TicketRepository) Insert(ctx context.Context, t *domain.Ticket) error {
	err := r.conn(ctx).Exec(`
		INSERT INTO tickets (ticket_number, booking_id, partner_ref, pdf_url, status, reissued_from, issued_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		t.TicketNumber, t.BookingID, t.PartnerRef, t.PDFURL, t.Status, t.ReissuedFrom, t.IssuedAt).Error
	if err != nil {
		return fmt.Errorf("insert ticket %s: %w", t.TicketNumber, err)
	}
	return nil
}

// InsertIfAbsent stores the ticket unless that ticket number is already
// known. It reports whether a row was written.
func (r *TicketRepository) InsertIfAbsent(ctx context.Context, t *domain.Ticket) (bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO tickets (ticket_number, booking_id, partner_ref, pdf_url, status, reissued_from, issued_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (ticket_number) DO NOTHING`,
		t.TicketNumber, t.BookingID, t.PartnerRef, t.PDFURL, t.Status, t.ReissuedFrom, t.IssuedAt)
	return res.RowsAffected == 1, res.Error
}

// Get loads a ticket by number.
func (r *TicketRepository) Get(ctx context.Context, number string) (*domain.Ticket, error) {
	var t domain.Ticket
	err := r.conn(ctx).Where("ticket_number = ?", number).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, database.ErrNotFound
	}
	return &t, err
}

// ActiveForBooking returns the booking's current (non-void, non-reissued) ticket.
func (r *TicketRepository) ActiveForBooking(ctx context.Context, bookingID string) (*domain.Ticket, error) {
	var t domain.Ticket
	err := r.conn(ctx).
		Where("booking_id = ? AND status = ?", bookingID, domain.TicketIssued).
		Order("issued_at DESC").
		Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, database.ErrNotFound
	}
	return &t, err
}

// MarkReissued flags the old ticket as superseded.
func (r *TicketRepository) MarkReissued(ctx context.Context, number string) error {
	return r.conn(ctx).Exec(`UPDATE tickets SET status = ?, updated_at = ? WHERE ticket_number = ?`,
		domain.TicketReissued, time.Now().UTC(), number).Error
}
