package repos

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

type CertificateRepo struct {
	storage.Repository[domain.ExportCertificate]
}

func NewCertificateRepo(db *gorm.DB) *CertificateRepo {
	return &CertificateRepo{Repository: storage.NewRepository[domain.ExportCertificate](db)}
}

// Claim stores the certificate unless the exporter already has one for the
// same client reference.
func (r *CertificateRepo) Claim(ctx context.Context, c *domain.ExportCertificate) (bool, error) {
	return r.CreateIfAbsent(ctx, c, "exporter_id", "client_ref")
}

func (r *CertificateRepo) Get(ctx context.Context, id uuid.UUID) (*domain.ExportCertificate, error) {
	c, err := r.FindByID(ctx, id)
	return c, notFound(err)
}

func (r *CertificateRepo) GetByClientRef(ctx context.Context, exporterID uuid.UUID, clientRef string) (*domain.ExportCertificate, error) {
	c, err := r.FindOne(ctx, "exporter_id = ? AND client_ref = ?", exporterID, clientRef)
	return c, notFound(err)
}

func (r *CertificateRepo) GetByDeclarationRef(ctx context.Context, ref string) (*domain.ExportCertificate, error) {
	c, err := r.FindOne(ctx, "declaration_ref = ?", ref)
	return c, notFound(err)
}

func (r *CertificateRepo) SetDeclarationRef(ctx context.Context, id uuid.UUID, ref string) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{
		"declaration_ref": ref,
		"status":          domain.CertificateSubmitted,
	})
	return err
}

func (r *CertificateRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{"status": status})
	return err
}
