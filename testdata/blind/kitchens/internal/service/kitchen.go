package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/repository"
)

const (
	maxInspectionBytes = 20 << 20
)

var inspectionKinds = map[string]bool{
	"health_permit":     true,
	"inspection_report": true,
	"fire_certificate":  true,
	"pest_control":      true,
}

var inspectionTypes = map[string]string{
	"application/pdf": ".pdf",
	"image/jpeg":      ".jpg",
	"image/png":       ".png",
}

type kitchenService struct {
	store       repository.Store
	inspections ObjectStore
	now         Clock
}

// NewKitchenService builds the kitchen documents service.
func NewKitchenService(store repository.Store, inspections ObjectStore) KitchenService {
	return &kitchenService{store: store, inspections: inspections, now: SystemClock}
}

func sniff(body []byte, declared string) string {
	if declared != "" && declared != "application/octet-stream" {
		return strings.ToLower(strings.TrimSpace(strings.Split(declared, ";")[0]))
	}
	return http.DetectContentType(body)
}

// UploadInspection stores a health-inspection document and records it
// against the kitchen.
func (s *kitchenService) UploadInspection(ctx context.Context, in InspectionUpload) (*domain.InspectionDocument, error) {
	if !inspectionKinds[in.Kind] {
		return nil, domain.Invalid("kind", "unknown document kind")
	}
	if len(in.Body) == 0 || len(in.Body) > maxInspectionBytes {
		return nil, domain.Invalid("file", "must be between 1 byte and 20 MiB")
	}
	ct := sniff(in.Body, in.ContentType)
	ext, ok := inspectionTypes[ct]
	if !ok {
		return nil, domain.Invalid("file", "must be a PDF, JPEG or PNG")
	}
	if in.IssuedOn != nil && in.ExpiresOn != nil && !in.ExpiresOn.After(*in.IssuedOn) {
		return nil, domain.Invalid("expires_on", "must be after issued_on")
	}
	if _, err := s.store.Kitchens().Get(ctx, in.KitchenID); err != nil {
		return nil, err
	}

	sum := sha256.Sum256(in.Body)
	docID := uuid.NewString()
	key := fmt.Sprintf("kitchens/%s/inspections/%s%s", in.KitchenID, docID, ext)
	obj, err := s.inspections.Put(ctx, key, in.Body, ct, map[string]string{
		"kitchen-id": in.KitchenID,
		"kind":       in.Kind,
		"sha256":     hex.EncodeToString(sum[:]),
	})
	if err != nil {
		return nil, err
	}
	doc := &domain.InspectionDocument{
		ID:          docID,
		KitchenID:   in.KitchenID,
		Kind:        in.Kind,
		S3Key:       obj.Key,
		FileName:    path.Base(in.FileName),
		ContentType: ct,
		SizeBytes:   obj.Size,
		SHA256:      hex.EncodeToString(sum[:]),
		IssuedOn:    in.IssuedOn,
		ExpiresOn:   in.ExpiresOn,
		UploadedBy:  in.UploadedBy,
		UploadedAt:  s.now(),
	}
	if err := s.store.Inspections().Insert(ctx, doc); err != nil {
		return nil, err
	}
	return doc, nil
}
