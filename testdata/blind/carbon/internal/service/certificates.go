package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/render"
	"github.com/terravault/carbonreg/internal/repo"
)

// CertificateService renders retirement certificates.
type CertificateService interface {
	Render(ctx context.Context, retirementID uuid.UUID) error
}

type certificateService struct {
	retirements repo.Retirements
	batches     repo.Batches
	projects    repo.Projects
	renderer    render.Renderer
	publisher   events.Publisher
	template    string
	log         *slog.Logger
}

// NewCertificateService returns the CertificateService.
func NewCertificateService(r repo.Retirements, b repo.Batches, p repo.Projects, rd render.Renderer,
	pub events.Publisher, log *slog.Logger) CertificateService {
	return &certificateService{retirements: r, batches: b, projects: p, renderer: rd, publisher: pub,
		template: "retirement-certificate-v3", log: log}
}

// ErrNotReady is returned while the registry has not confirmed a retirement.
var ErrNotReady = fmt.Errorf("retirement not confirmed yet: %w", ErrState)

// Render produces the certificate PDF, stores it and announces it.
func (s *certificateService) Render(ctx context.Context, retirementID uuid.UUID) error {
	r, err := s.retirements.Get(ctx, retirementID)
	if err != nil {
		return notFound(err, "retirement")
	}
	if r.Status != domain.RetirementConfirmed {
		return ErrNotReady
	}
	batch, err := s.batches.Get(ctx, r.BatchID)
	if err != nil {
		return err
	}
	project, err := s.projects.Get(ctx, batch.ProjectID)
	if err != nil {
		return err
	}
	doc, err := s.renderer.Render(ctx, render.Job{
		Template:        s.template,
		ClientReference: "retirement-" + r.ID.String(),
		Data: map[string]any{
			"beneficiary":    r.Beneficiary,
			"purpose":        r.Purpose,
			"quantity":       r.Quantity,
			"reporting_year": r.ReportingYear,
			"registry_ref":   deref(r.RegistryRef),
			"project_name":   project.Name,
			"project_id":     project.RegistryProjectID,
			"methodology":    project.Methodology,
			"vintage":        batch.Vintage,
			"retired_at":     r.CreatedAt.Format(time.DateOnly),
		},
	})
	if err != nil {
		return err
	}
	cert := &domain.Certificate{
		ID:           ids.NewUUID(),
		RetirementID: r.ID,
		DocumentID:   doc.DocumentID,
		URL:          doc.URL,
		SHA256:       doc.SHA256,
		CreatedAt:    time.Now().UTC(),
	}
	err = db.Transaction(ctx, func(ctx context.Context) error {
		if err := s.retirements.AddCertificate(ctx, cert); err != nil {
			return err
		}
		return s.retirements.Update(ctx, r.ID, map[string]any{"certificate_status": domain.CertificateReady})
	})
	if err != nil {
		return err
	}
	return s.publisher.Publish(ctx, events.SubjectCertificateReady, "certificate-ready-"+r.ID.String(), map[string]any{
		"retirement_id": r.ID,
		"account_id":    r.AccountID,
		"url":           cert.URL,
		"sha256":        cert.SHA256,
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
