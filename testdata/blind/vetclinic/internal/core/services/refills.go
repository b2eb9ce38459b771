package services

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type RefillService struct {
	tx            ports.TxRunner
	prescriptions ports.PrescriptionRepository
	refills       ports.RefillRepository
	pets          ports.PetRepository
	owners        ports.OwnerRepository
	pharmacy      ports.PharmacyGateway
	queue         ports.JobQueue
	log           *slog.Logger
	now           func() time.Time
}

func NewRefillService(
	tx ports.TxRunner,
	prescriptions ports.PrescriptionRepository,
	refills ports.RefillRepository,
	pets ports.PetRepository,
	owners ports.OwnerRepository,
	pharmacy ports.PharmacyGateway,
	queue ports.JobQueue,
	settings Settings,
) *RefillService {
	return &RefillService{
		tx: tx, prescriptions: prescriptions, refills: refills, pets: pets, owners: owners,
		pharmacy: pharmacy, queue: queue, log: settings.logger(), now: settings.clock(),
	}
}

type RefillInput struct {
	OwnerID  string `json:"owner_id"`
	Delivery string `json:"delivery"`
	Notes    string `json:"notes"`
}

func newRefillID() string {
	return "rf_" + strings.ToLower(ulid.Make().String())
}

// Request opens a refill request against a prescription and queues it for
// routing to a partner pharmacy.
func (s *RefillService) Request(ctx context.Context, prescriptionID string, in RefillInput) (domain.RefillRequest, error) {
	const op errs.Op = "refills.Request"
	rx, err := s.prescriptions.Get(ctx, prescriptionID)
	if err != nil {
		return domain.RefillRequest{}, errs.Wrap(op, err)
	}
	if rx.OwnerID != in.OwnerID {
		return domain.RefillRequest{}, errs.E(op, errs.NotFound, "prescription not found")
	}
	if rx.RefillsRemaining <= 0 || rx.ExpiresAt.Before(s.now()) {
		return domain.RefillRequest{}, errs.E(op, errs.Precondition, "prescription has no refills left")
	}
	delivery := in.Delivery
	if delivery != "pickup" {
		delivery = "ship"
	}
	rr := domain.RefillRequest{
		ID:             newRefillID(),
		PrescriptionID: rx.ID,
		OwnerID:        rx.OwnerID,
		Quantity:       rx.Quantity,
		Delivery:       delivery,
		Notes:          in.Notes,
		Status:         domain.RefillRequested,
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.prescriptions.ConsumeRefill(ctx, rx.ID); err != nil {
			return err
		}
		if err := s.refills.Insert(ctx, rr); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, jobargs.RouteRefill{RefillRequestID: rr.ID},
			ports.InQueue(jobargs.QueuePartners), ports.UniqueByArgs(0))
	})
	if err != nil {
		return domain.RefillRequest{}, errs.Wrap(op, err)
	}
	return s.refills.Get(ctx, rr.ID)
}

// Route sends a refill request to the prescription's preferred partner,
// falling back to the secondary partner when the first is out of stock.
func (s *RefillService) Route(ctx context.Context, refillID string) error {
	const op errs.Op = "refills.Route"
	rr, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	if rr.Status != domain.RefillRequested {
		return nil
	}
	rx, err := s.prescriptions.Get(ctx, rr.PrescriptionID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	pet, err := s.pets.Get(ctx, rx.PetID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	owner, err := s.owners.Get(ctx, rr.OwnerID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	sub := ports.RefillSubmission{
		Partner:     rx.PreferredPartner,
		ExternalRef: rr.ID,
		Prescriber:  rx.PrescribedBy,
		DrugName:    rx.DrugName,
		NDC:         rx.NDC,
		Sig:         rx.Sig,
		Quantity:    rr.Quantity,
		PatientName: pet.Name,
		OwnerName:   owner.FullName,
		OwnerPhone:  owner.Phone,
		Delivery:    rr.Delivery,
	}
	rcpt, err := s.pharmacy.SubmitRefill(ctx, sub, ports.WithTimeout(30*time.Second))
	if errors.Is(err, ports.ErrOutOfStock) && rx.FallbackPartner.Valid {
		s.log.InfoContext(ctx, "preferred partner out of stock", "refill", rr.ID, "partner", sub.Partner)
		sub.Partner = rx.FallbackPartner.String
		rcpt, err = s.pharmacy.SubmitRefill(ctx, sub,
			ports.WithIdempotencyKey(rr.ID+"/"+sub.Partner),
			ports.WithTimeout(30*time.Second))
	}
	if err != nil {
		if errs.Is(errs.Precondition, err) || errs.Is(errs.Invalid, err) {
			s.log.WarnContext(ctx, "refill rejected by partner", "refill", rr.ID, "err", err)
			return errs.Wrap(op, s.refills.SetStatus(ctx, rr.ID, domain.RefillRejected))
		}
		return errs.Wrap(op, err)
	}
	return errs.Wrap(op, s.refills.MarkRouted(ctx, rr.ID, sub.Partner, rcpt.PartnerOrderID, s.now()))
}

// PharmacyEvent is a status callback from the partner network.
type PharmacyEvent struct {
	EventID     string    `json:"event_id"`
	Type        string    `json:"type"`
	OrderID     string    `json:"order_id"`
	ExternalRef string    `json:"external_ref"`
	Partner     string    `json:"partner"`
	DispenseID  string    `json:"dispense_id"`
	Quantity    int       `json:"quantity"`
	DispensedAt time.Time `json:"dispensed_at"`
	Carrier     string    `json:"carrier"`
	Tracking    string    `json:"tracking_number"`
	Reason      string    `json:"reason"`
}

// ApplyPharmacyEvent updates a refill from a partner callback.
func (s *RefillService) ApplyPharmacyEvent(ctx context.Context, ev PharmacyEvent) error {
	const op errs.Op = "refills.ApplyPharmacyEvent"
	if ev.ExternalRef == "" {
		return errs.E(op, errs.Invalid, "external_ref is required")
	}
	switch ev.Type {
	case "order.dispensed":
		err := s.tx.WithTx(ctx, func(ctx context.Context) error {
			if err := s.refills.InsertFulfillment(ctx, domain.RefillFulfillment{
				ID:              ids.New(),
				RefillRequestID: ev.ExternalRef,
				DispenseID:      ev.DispenseID,
				Partner:         ev.Partner,
				Quantity:        ev.Quantity,
				DispensedAt:     ev.DispensedAt,
			}); err != nil {
				return err
			}
			return s.refills.SetStatus(ctx, ev.ExternalRef, domain.RefillDispensed)
		})
		return errs.Wrap(op, err)
	case "order.shipped":
		err := s.tx.WithTx(ctx, func(ctx context.Context) error {
			if err := s.refills.SetTracking(ctx, ev.DispenseID, ev.Carrier, ev.Tracking); err != nil {
				return err
			}
			return s.refills.SetStatus(ctx, ev.ExternalRef, domain.RefillShipped)
		})
		return errs.Wrap(op, err)
	case "order.rejected":
		s.log.WarnContext(ctx, "partner rejected refill", "refill", ev.ExternalRef, "reason", ev.Reason)
		return errs.Wrap(op, s.refills.SetStatus(ctx, ev.ExternalRef, domain.RefillRejected))
	default:
		s.log.InfoContext(ctx, "ignoring pharmacy event", "type", ev.Type)
		return nil
	}
}
