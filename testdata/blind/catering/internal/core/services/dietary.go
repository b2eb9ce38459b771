package services

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/ids"
)

type DietaryService struct {
	events ports.EventRepository
	forms  ports.DietaryRepository
	clock  ports.Clock
}

func NewDietaryService(events ports.EventRepository, forms ports.DietaryRepository, clock ports.Clock) *DietaryService {
	return &DietaryService{events: events, forms: forms, clock: clock}
}

// Submit stores a guest's dietary form from the link in the invitation.
func (s *DietaryService) Submit(ctx context.Context, cmd ports.SubmitDietaryForm) (domain.DietaryForm, error) {
	if strings.TrimSpace(cmd.GuestName) == "" {
		return domain.DietaryForm{}, domain.Invalid("guest_name", "required")
	}
	ev, err := s.events.Get(ctx, cmd.EventID)
	if err != nil {
		return domain.DietaryForm{}, err
	}
	if ev.Status == domain.EventCancelled || ev.Status == domain.EventCompleted {
		return domain.DietaryForm{}, &domain.StateError{Entity: "event", From: string(ev.Status), To: "dietary_form"}
	}
	f := domain.DietaryForm{
		ID:           ids.New[domain.DietaryFormID]("dfm"),
		EventID:      ev.ID,
		GuestName:    strings.TrimSpace(cmd.GuestName),
		GuestEmail:   cmd.GuestEmail,
		Requirements: cmd.Requirements,
		Allergens:    cmd.Allergens,
		Notes:        cmd.Notes,
		SubmittedAt:  s.clock.Now(),
	}
	f.Normalize()
	if len(f.Requirements) == 0 && len(f.Allergens) == 0 && f.Notes == "" {
		return domain.DietaryForm{}, domain.Invalid("requirements", "nothing to record")
	}
	if err := s.forms.Insert(ctx, f); err != nil {
		return domain.DietaryForm{}, err
	}
	return f, nil
}

// KitchenSummary counts covers per requirement and allergen for the brief.
func (s *DietaryService) KitchenSummary(ctx context.Context, eventID uuid.UUID) (map[string]int, error) {
	forms, err := s.forms.ListForEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int)
	for _, f := range forms {
		for _, r := range f.Requirements {
			out[r]++
		}
		for _, a := range f.Allergens {
			out["allergen:"+a]++
		}
	}
	return out, nil
}
