package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/documents"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

// DocumentRepo implements documents.Repository.
type DocumentRepo struct {
	base
	claims *ClaimGateway
}

// NewDocumentRepo builds a DocumentRepo.
func NewDocumentRepo(conn *txctx.Conn, claims *ClaimGateway) *DocumentRepo {
	return &DocumentRepo{base: base{conn}, claims: claims}
}

var _ documents.Repository = (*DocumentRepo)(nil)

func (r *DocumentRepo) InsertIfAbsent(ctx context.Context, d documents.Document) (bool, error) {
	_, err := r.q(ctx).InsertDocument(ctx, dbgen.InsertDocumentParams{
		ID:          d.ID,
		ClaimID:     d.ClaimID,
		Sha256:      d.SHA256,
		S3Key:       d.S3Key,
		ContentType: d.ContentType,
		SizeBytes:   d.SizeBytes,
		DocType:     d.DocType,
	})
	return insertedOne(err)
}

func (r *DocumentRepo) GetBySHA(ctx context.Context, claimID uuid.UUID, sha string) (documents.Document, error) {
	row, err := r.q(ctx).GetDocumentBySHA(ctx, dbgen.GetDocumentBySHAParams{ClaimID: claimID, Sha256: sha})
	if err != nil {
		return documents.Document{}, err
	}
	return documents.Document{
		ID:          row.ID,
		ClaimID:     row.ClaimID,
		SHA256:      row.Sha256,
		S3Key:       row.S3Key,
		ContentType: row.ContentType,
		SizeBytes:   row.SizeBytes,
		DocType:     row.DocType,
	}, nil
}

func (r *DocumentRepo) ClaimExists(ctx context.Context, claimID uuid.UUID) error {
	return r.claims.ClaimExists(ctx, claimID)
}
