package access

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// RecordAccess logs a granted entry and updates the tenant's last visit.
func (s *service) RecordAccess(ctx context.Context, ev domain.GateEvent) error {
	row := &store.GateEventRow{
		EventID:    ev.EventID,
		SiteID:     ev.SiteID,
		DoorID:     strp(ev.DoorID),
		Kind:       ev.Type,
		PINLast4:   strp(ev.PINLast4),
		OccurredAt: ev.OccurredAt,
	}
	var rental *domain.Rental
	if ev.CodeRef != "" {
		if rentalID, _, err := parseCodeRef(ev.CodeRef); err == nil {
			r, err := s.rentals.Rental(ctx, rentalID)
			if err != nil && !errors.Is(err, domain.ErrNotFound) {
				return err
			}
			if r != nil {
				rental = r
				row.RentalID = &r.ID
				row.UnitID = &r.UnitID
			}
		}
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.events.Insert(ctx, row); err != nil {
			return err
		}
		if rental == nil {
			return nil
		}
		return s.rentals.TouchAccess(ctx, rental.ID, ev.OccurredAt)
	})
}

// HandleDenied tells a delinquent tenant why the keypad refused them.
func (s *service) HandleDenied(ctx context.Context, ev domain.GateEvent) error {
	if ev.CodeRef == "" {
		return nil
	}
	rentalID, _, err := parseCodeRef(ev.CodeRef)
	if err != nil {
		s.log.WarnContext(ctx, "denied event with unknown code", "event", ev.EventID, "ref", ev.CodeRef)
		return nil
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	switch r.Status {
	case domain.RentalDelinquent, domain.RentalOverlocked, domain.RentalLien:
	default:
		return nil
	}
	uc, err := s.unitContext(ctx, r.UnitID)
	if err != nil {
		return err
	}
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	body, err := notify.Render("gate_suspended", map[string]string{
		"facility": uc.facility.Name,
		"unit":     uc.unit.Label,
		"balance":  domain.Money(r.BalanceCents),
	})
	if err != nil {
		return err
	}
	if _, err := s.sms.Send(ctx, cust.Phone, body); err != nil {
		return fmt.Errorf("gate suspended sms: %w", err)
	}
	_, err = s.alerts.InsertIgnore(ctx, &store.GateAlert{
		ID:         ids.Event("gal"),
		EventID:    ev.EventID,
		RentalID:   r.ID,
		Kind:       "access_denied_" + string(r.Status),
		NotifiedAt: s.now(),
	}, "event_id")
	return err
}

// HandleDoor tracks unit door state and opens an incident when a locked-out
// or auction unit's door opens.
func (s *service) HandleDoor(ctx context.Context, ev domain.GateEvent) error {
	unit, err := s.rentals.UnitByDoor(ctx, ev.SiteID, ev.DoorID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "door event for unknown door", "site", ev.SiteID, "door", ev.DoorID)
		return nil
	}
	if err != nil {
		return err
	}
	state := "closed"
	if ev.Type == "door.opened" {
		state = "open"
	}
	if err := s.store.SetDoorState(ctx, unit.ID, state, ev.EventID, ev.OccurredAt); err != nil {
		return err
	}
	if state != "open" || (unit.Status != domain.UnitOverlocked && unit.Status != domain.UnitAuction) {
		return nil
	}

	var rentalID *string
	if r, err := s.rentals.OpenRentalForUnit(ctx, unit.ID); err == nil {
		rentalID = &r.ID
	}
	inc := &store.Incident{
		ID:            ids.Event("inc"),
		UnitID:        unit.ID,
		RentalID:      rentalID,
		Kind:          "door_opened_" + string(unit.Status),
		SourceEventID: &ev.EventID,
		Status:        "open",
		OpenedAt:      ev.OccurredAt,
	}
	if err := s.incidents.Insert(ctx, inc); err != nil {
		return err
	}
	fac, err := s.rentals.Facility(ctx, unit.FacilityID)
	if err != nil {
		return err
	}
	return s.notifier.Queue(ctx, notify.Notice{
		Key:       "incident:" + inc.ID,
		Template:  "door_incident",
		Recipient: fac.ManagerPhone,
		Vars: map[string]string{
			"facility": fac.Name,
			"unit":     unit.Label,
			"state":    string(unit.Status),
			"at":       ev.OccurredAt.In(time.Local).Format(time.Kitchen),
			"incident": inc.ID,
		},
	})
}

// ConfirmCodeSync records the partner's confirmation that a code version is
// live on the keypads.
func (s *service) ConfirmCodeSync(ctx context.Context, ev domain.GateEvent) error {
	rentalID, version, err := parseCodeRef(ev.CodeRef)
	if err != nil {
		s.log.WarnContext(ctx, "code sync with unknown ref", "event", ev.EventID, "ref", ev.CodeRef)
		return nil
	}
	_, err = s.store.MarkSynced(ctx, rentalID, version, ev.OccurredAt)
	return err
}
