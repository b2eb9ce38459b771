package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/repository"
)

// CertificationService records safety training and turns it into door access.
type CertificationService struct {
	tx      dbx.TxManager
	members repository.MemberRepository
	certs   repository.CertificationRepository
	access  repository.AccessRepository
	starter AccessSyncStarter
	zones   ZoneMap
	newID   IDFunc
	now     Clock
}

// NewCertificationService wires a CertificationService.
func NewCertificationService(
	tx dbx.TxManager,
	members repository.MemberRepository,
	certs repository.CertificationRepository,
	access repository.AccessRepository,
	starter AccessSyncStarter,
	zones ZoneMap,
	newID IDFunc,
	now Clock,
) *CertificationService {
	return &CertificationService{tx: tx, members: members, certs: certs, access: access,
		starter: starter, zones: zones, newID: newID, now: now}
}

// CertifyRequest is an instructor signing a member off after an in-person session.
type CertifyRequest struct {
	InstructorID      string `header:"X-Instructor-Id" json:"-"`
	MemberID          string `json:"member_id"`
	EquipmentClass    string `json:"equipment_class"`
	TrainingSessionID string `json:"training_session_id"`
	ValidMonths       int    `json:"valid_months"`
}

func (r *CertifyRequest) Validate() error {
	switch {
	case r.InstructorID == "":
		return domain.Invalid("X-Instructor-Id", "header is required")
	case r.MemberID == "":
		return domain.Invalid("member_id", "required")
	case r.EquipmentClass == "":
		return domain.Invalid("equipment_class", "required")
	case r.TrainingSessionID == "":
		return domain.Invalid("training_session_id", "required")
	case r.ValidMonths < 0 || r.ValidMonths > 36:
		return domain.Invalid("valid_months", "0 (no expiry) to 36")
	}
	return nil
}

// CertifyResponse returns the certification and the access change it queued.
type CertifyResponse struct {
	Certification *domain.Certification `json:"certification"`
	AccessChange  *domain.AccessChange  `json:"access_change"`
}

func (s *CertificationService) zoneFor(class string) (string, error) {
	zone, ok := s.zones[class]
	if !ok {
		return "", domain.Invalid("equipment_class", "unknown class %q", class)
	}
	return zone, nil
}

func expiry(issued time.Time, months int) *time.Time {
	if months == 0 {
		return nil
	}
	t := issued.AddDate(0, months, 0)
	return &t
}

// Certify records the certification and queues the door grant for its zone.
func (s *CertificationService) Certify(ctx context.Context, req CertifyRequest) (*CertifyResponse, error) {
	zone, err := s.zoneFor(req.EquipmentClass)
	if err != nil {
		return nil, err
	}
	now := s.now()
	resp := &CertifyResponse{}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		m, err := s.members.Get(ctx, req.MemberID)
		if err != nil {
			return err
		}
		if m.Status == domain.MemberCancelled {
			return domain.ErrMemberInactive
		}
		cert := &domain.Certification{
			ID:                s.newID(),
			MemberID:          m.ID,
			EquipmentClass:    req.EquipmentClass,
			TrainingSessionID: req.TrainingSessionID,
			InstructorID:      req.InstructorID,
			IssuedAt:          now,
			ExpiresAt:         expiry(now, req.ValidMonths),
		}
		if err := s.certs.Insert(ctx, cert); err != nil {
			return fmt.Errorf("record certification: %w", err)
		}
		resp.Certification = cert
		resp.AccessChange, err = s.access.EnsureChange(ctx, &domain.AccessChange{
			ID:        s.newID(),
			MemberID:  m.ID,
			Action:    domain.AccessGrant,
			Zone:      zone,
			SourceRef: "cert:" + cert.ID + ":grant",
			CreatedAt: now,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if m, _ := s.members.Get(ctx, req.MemberID); m != nil && m.Status != domain.MemberActive {
		// Suspended members keep the certification; the grant goes out on reinstatement.
		return resp, nil
	}
	if err := s.starter.StartAccessSync(ctx, "access-change-"+resp.AccessChange.ID, resp.AccessChange.ID); err != nil {
		return nil, fmt.Errorf("start access sync: %w", err)
	}
	return resp, nil
}

// RevokeRequest withdraws a certification, e.g. after a safety incident.
type RevokeRequest struct {
	CertificationID string `uri:"id" json:"-"`
	StaffID         string `header:"X-Staff-Id" json:"-"`
	Reason          string `json:"reason"`
}

func (r *RevokeRequest) Validate() error {
	if r.StaffID == "" {
		return domain.Invalid("X-Staff-Id", "header is required")
	}
	if r.Reason == "" {
		return domain.Invalid("reason", "required")
	}
	return nil
}

// Revoke marks the certification revoked and queues the door revocation. The
// access change is keyed by the certification, and the workflow id by the
// change, so a retried call converges on the same workflow.
func (s *CertificationService) Revoke(ctx context.Context, req RevokeRequest) (*domain.AccessChange, error) {
	var change *domain.AccessChange
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		cert, err := s.certs.Get(ctx, req.CertificationID)
		if err != nil {
			return err
		}
		zone, err := s.zoneFor(cert.EquipmentClass)
		if err != nil {
			return err
		}
		now := s.now()
		if _, err := s.certs.Revoke(ctx, cert.ID, req.Reason, now); err != nil {
			return err
		}
		stillCertified, err := s.certs.HasActive(ctx, cert.MemberID, cert.EquipmentClass, now)
		if err != nil {
			return err
		}
		if stillCertified {
			return nil
		}
		change, err = s.access.EnsureChange(ctx, &domain.AccessChange{
			ID:        s.newID(),
			MemberID:  cert.MemberID,
			Action:    domain.AccessRevoke,
			Zone:      zone,
			SourceRef: "cert:" + cert.ID + ":revoke",
			CreatedAt: now,
		})
		return err
	})
	if err != nil || change == nil {
		return change, err
	}
	if change.Status != domain.ChangeApplied {
		if err := s.starter.StartAccessSync(ctx, "access-change-"+change.ID, change.ID); err != nil {
			return nil, fmt.Errorf("start access sync: %w", err)
		}
	}
	return change, nil
}

// RecordTrainingCompleted handles the training platform's completion event.
func (s *CertificationService) RecordTrainingCompleted(ctx context.Context, evt events.TrainingCompleted) error {
	zone, err := s.zoneFor(evt.EquipmentClass)
	if err != nil {
		slog.WarnContext(ctx, "training for unmapped equipment class", "class", evt.EquipmentClass)
		return nil
	}
	var change *domain.AccessChange
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		m, err := s.members.Get(ctx, evt.MemberID)
		if err != nil {
			return err
		}
		cert, _, err := s.certs.InsertIfAbsent(ctx, &domain.Certification{
			ID:                s.newID(),
			MemberID:          m.ID,
			EquipmentClass:    evt.EquipmentClass,
			TrainingSessionID: evt.TrainingSessionID,
			InstructorID:      evt.InstructorID,
			IssuedAt:          evt.CompletedAt,
			ExpiresAt:         expiry(evt.CompletedAt, evt.ValidMonths),
		})
		if err != nil {
			return err
		}
		if m.Status != domain.MemberActive {
			return nil
		}
		change, err = s.access.EnsureChange(ctx, &domain.AccessChange{
			ID:        s.newID(),
			MemberID:  m.ID,
			Action:    domain.AccessGrant,
			Zone:      zone,
			SourceRef: "cert:" + cert.ID + ":grant",
			CreatedAt: s.now(),
		})
		return err
	})
	if err != nil || change == nil || change.Status == domain.ChangeApplied {
		return err
	}
	return s.starter.StartAccessSync(ctx, "access-change-"+change.ID, change.ID)
}
