package booking

import (
	"context"
	"fmt"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/service"
)

var copyFormats = map[string]bool{"full": true, "condensed": true, "etran": true}

// OrderCopies records an order for additional certified copies of a
// transcript. Copies are billed on the firm's next statement.
func (s *Service) OrderCopies(ctx context.Context, in service.CopyOrderInput) (*domain.CopyOrder, error) {
	if in.Copies < 1 || in.Copies > 25 {
		return nil, fmt.Errorf("%w: copies must be between 1 and 25", domain.ErrValidation)
	}
	if in.Format == "" {
		in.Format = "full"
	}
	if !copyFormats[in.Format] {
		return nil, fmt.Errorf("%w: unknown format %q", domain.ErrValidation, in.Format)
	}

	b, err := s.bookings.GetForFirm(ctx, in.FirmID, in.BookingID)
	if err != nil {
		return nil, err
	}
	t, err := s.transcripts.GetByBooking(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	if t.Status == domain.TranscriptInProgress {
		return nil, fmt.Errorf("%w: transcript not yet submitted", domain.ErrConflict)
	}

	order := &domain.CopyOrder{
		ID:          ids.New("cpy"),
		BookingID:   b.ID,
		AttorneyID:  in.AttorneyID,
		Copies:      in.Copies,
		Format:      in.Format,
		Pages:       t.Pages,
		AmountCents: domain.CopyCharge(t.Pages, in.Copies, in.Format),
	}
	if err := s.charges.AddCopyOrder(ctx, order); err != nil {
		return nil, fmt.Errorf("record copy order: %w", err)
	}
	return order, nil
}
