package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/blob"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/store"
	"github.com/cityparking/parking/internal/towing"
)

// EnforcementService backs the officers' handheld devices.
type EnforcementService struct {
	fines       store.FineRepository
	enforcement store.EnforcementRepository
	vehicles    store.VehicleRepository
	zones       store.ZoneRepository
	blobs       blob.Store
	tow         towing.Client
	queue       queue.Enqueuer
	clock       Clock
	settings    Settings
}

func NewEnforcementService(
	fines store.FineRepository,
	enforcement store.EnforcementRepository,
	vehicles store.VehicleRepository,
	zones store.ZoneRepository,
	blobs blob.Store,
	tow towing.Client,
	q queue.Enqueuer,
	clock Clock,
	settings Settings,
) *EnforcementService {
	return &EnforcementService{fines: fines, enforcement: enforcement, vehicles: vehicles, zones: zones,
		blobs: blobs, tow: tow, queue: q, clock: clock, settings: settings}
}

type IssueInput struct {
	DeviceID       string
	OfficerID      string
	CitationNumber string
	Plate          string
	ZoneID         string
	Reason         string
	AmountCents    int64
	ObservedAt     time.Time
}

// Issue records a citation written on a handheld. Devices number their
// citations and resend unacknowledged ones when they regain coverage, so the
// (device, citation number) pair identifies the fine.
func (s *EnforcementService) Issue(ctx context.Context, in IssueInput) (*domain.Fine, bool, error) {
	if _, err := s.zones.Get(ctx, in.ZoneID); err != nil {
		return nil, false, err
	}
	plate := NormalizePlate(in.Plate)
	owner, err := s.vehicles.OwnerOfPlate(ctx, plate)
	if err != nil {
		return nil, false, err
	}
	now := s.clock()
	fine, created, err := s.fines.InsertIfAbsent(ctx, &domain.Fine{
		ID:             uuid.New(),
		DeviceID:       in.DeviceID,
		CitationNumber: in.CitationNumber,
		OfficerID:      in.OfficerID,
		Plate:          plate,
		ZoneID:         in.ZoneID,
		AccountID:      owner,
		Reason:         in.Reason,
		AmountCents:    in.AmountCents,
		Currency:       s.settings.Currency,
		Status:         domain.FineIssued,
		IssuedAt:       in.ObservedAt,
		CreatedAt:      now,
	})
	if err != nil {
		return nil, false, err
	}

	if fine.AccountID != nil {
		task, err := queue.NewFineNotify(queue.FineNotifyPayload{FineID: fine.ID})
		if err != nil {
			return nil, false, err
		}
		if err := queue.EnqueueUnique(ctx, s.queue, task, "fine-notify:"+fine.ID.String()); err != nil {
			return nil, false, fmt.Errorf("queue fine notification: %w", err)
		}
	}
	return fine, created, nil
}

type PhotoInput struct {
	FineID  uuid.UUID
	TakenAt time.Time
	Data    []byte
}

// AttachPhoto stores an evidence photo for a fine.
func (s *EnforcementService) AttachPhoto(ctx context.Context, in PhotoInput) (*domain.EvidencePhoto, error) {
	if _, err := s.fines.Get(ctx, in.FineID); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(in.Data)
	photoID := uuid.New()
	photo := &domain.EvidencePhoto{
		ID:         photoID,
		FineID:     in.FineID,
		StorageKey: fmt.Sprintf("evidence/%s/%s.jpg", in.FineID, photoID),
		TakenAt:    in.TakenAt,
		SHA256:     hex.EncodeToString(sum[:]),
		SizeBytes:  int64(len(in.Data)),
		CreatedAt:  s.clock(),
	}
	if err := s.blobs.Put(ctx, photo.StorageKey, in.Data); err != nil {
		return nil, err
	}
	if err := s.enforcement.InsertPhoto(ctx, photo); err != nil {
		return nil, err
	}
	return photo, nil
}

type TowInput struct {
	FineID    uuid.UUID
	OfficerID string
	Location  string
	Lat, Lng  float64
	Urgent    bool
}

// RequestTow books a tow truck for a vehicle that already carries a fine.
func (s *EnforcementService) RequestTow(ctx context.Context, in TowInput) (*domain.TowRequest, error) {
	fine, err := s.fines.Get(ctx, in.FineID)
	if err != nil {
		return nil, err
	}
	if fine.Status == domain.FineVoid {
		return nil, fmt.Errorf("%w: fine is void", domain.ErrInvalidState)
	}
	priority := "normal"
	if in.Urgent {
		priority = "urgent"
	}

	booking, err := s.tow.Book(ctx, towing.BookingRequest{
		Plate:       fine.Plate,
		Location:    in.Location,
		Latitude:    in.Lat,
		Longitude:   in.Lng,
		CitationRef: fine.CitationNumber,
		OfficerID:   in.OfficerID,
		Priority:    priority,
	})
	if err != nil {
		return nil, err
	}

	tr := &domain.TowRequest{
		ID:               uuid.New(),
		FineID:           fine.ID,
		OfficerID:        in.OfficerID,
		Plate:            fine.Plate,
		Location:         in.Location,
		PartnerBookingID: booking.BookingID,
		ETAMinutes:       booking.ETAMinutes,
		CreatedAt:        s.clock(),
	}
	if err := s.enforcement.InsertTow(ctx, tr); err != nil {
		logx.From(ctx).Error("tow booked but not recorded", "booking_id", booking.BookingID, "fine_id", fine.ID, "err", err)
		return nil, err
	}
	return tr, nil
}
