package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/wipecert"
)

// CertificateAuthority issues data-sanitisation certificates.
type CertificateAuthority interface {
	IssueCertificate(ctx context.Context, in wipecert.CertificateRequest) (*wipecert.Certificate, error)
}

// WipeService schedules data wipes and certifies them.
type WipeService struct {
	tx      database.Transactor
	wipes   wipeStore
	devices deviceStore
	ca      CertificateAuthority
	newID   ids.UUIDFunc
	now     Clock
}

func NewWipeService(tx database.Transactor, wipes wipeStore, devices deviceStore, ca CertificateAuthority) *WipeService {
	return &WipeService{tx: tx, wipes: wipes, devices: devices, ca: ca, newID: ids.NewUUID, now: UTCNow}
}

// wipeMethod picks the sanitisation method by device family.
func wipeMethod(manufacturer string) string {
	switch manufacturer {
	case "Apple", "Samsung", "Google":
		return "crypto_erase"
	default:
		return "purge"
	}
}

// ScheduleWipe creates the wipe job the stations pick up and moves the
// device into the wipe cage.
func (s *WipeService) ScheduleWipe(ctx context.Context, deviceID uuid.UUID) (*model.WipeJob, error) {
	dev, err := s.devices.Get(ctx, deviceID)
	if err != nil {
		return nil, err
	}
	job := &model.WipeJob{
		ID:          s.newID(),
		DeviceID:    dev.ID,
		Method:      wipeMethod(dev.Manufacturer),
		Status:      model.WipePending,
		RequestedAt: s.now(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.wipes.CreateJob(ctx, job); err != nil {
			return err
		}
		_, err := s.devices.Transition(ctx, dev.ID, []string{model.DeviceGraded}, model.DeviceWiping)
		return err
	})
	if err != nil {
		return nil, wrap("schedule wipe", err)
	}
	return job, nil
}

// IssueCertificate obtains the certificate for a completed wipe. The
// certificate row is created before the authority is called and its id is
// the authority's request_id, so repeats return the same certificate.
func (s *WipeService) IssueCertificate(ctx context.Context, evt messaging.WipeCompleted) (*model.WipeCertificate, error) {
	if evt.Status != model.WipeCompleted {
		return nil, nil
	}
	job, err := s.wipes.GetJob(ctx, evt.WipeJobID)
	if err != nil {
		return nil, err
	}
	if job.Status != model.WipeCompleted {
		return nil, fmt.Errorf("%w: wipe job %s is %s", ErrConflict, job.ID, job.Status)
	}
	cert, err := s.wipes.CertificateFor(ctx, &model.WipeCertificate{
		ID:        s.newID(),
		WipeJobID: job.ID,
		DeviceID:  job.DeviceID,
		Status:    model.CertRequested,
	})
	if err != nil {
		return nil, wrap("certificate intent", err)
	}
	if cert.Status == model.CertIssued {
		return cert, nil
	}
	dev, err := s.devices.Get(ctx, job.DeviceID)
	if err != nil {
		return nil, err
	}
	var station string
	if job.Station != nil {
		station = *job.Station
	}
	completedAt := s.now()
	if job.CompletedAt != nil {
		completedAt = *job.CompletedAt
	}
	issued, err := s.ca.IssueCertificate(ctx, wipecert.CertificateRequest{
		RequestID:    cert.ID.String(),
		SerialNumber: dev.SerialNumber,
		IMEI:         deref(dev.IMEI),
		Manufacturer: dev.Manufacturer,
		Model:        dev.Model,
		Method:       job.Method,
		Station:      station,
		CompletedAt:  completedAt,
		Evidence:     map[string]any{"job_id": job.ID.String(), "result": job.Result},
	})
	if err != nil {
		return nil, wrap("issue certificate", err)
	}
	n, err := s.wipes.MarkCertificateIssued(ctx, cert.ID, issued.Number, issued.DocumentURL, issued.IssuedAt)
	if err != nil {
		return nil, wrap("store certificate", err)
	}
	if n == 0 {
		slog.InfoContext(ctx, "certificate already stored", "certificate_id", cert.ID)
	}
	cert.Status = model.CertIssued
	cert.CertificateNumber = &issued.Number
	cert.DocumentURL = &issued.DocumentURL
	return cert, nil
}
