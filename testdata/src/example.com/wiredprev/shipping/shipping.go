// Package shipping replaces damaged shipments, for handlers of other
// packages that reach it through an interface.
package shipping

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// A Shipment is a parcel on its way; Replaces names the one it
// replaces.
type Shipment struct {
	ID, Tracking, Status, Replaces string
}

// Service stores shipments.
type Service struct{ DB *gorm.DB }

func (s *Service) find(ctx context.Context, tracking string) (*Shipment, error) {
	var sh Shipment
	err := s.DB.WithContext(ctx).First(&sh, "tracking = ?", tracking).Error
	return &sh, err
}

// ReportDamage marks the shipment damaged, then opens its replacement:
// a retry after the mark leaves at the test, so the replacement's
// fresh ID is made once; but a failure after the mark leaves the
// shipment with no replacement, which no retry opens.
func (s *Service) ReportDamage(ctx context.Context, tracking string) error {
	sh, err := s.find(ctx, tracking)
	if err != nil {
		return err
	}
	if sh.Status == "damaged" {
		return nil
	}
	if err := s.DB.WithContext(ctx).Model(&Shipment{}).Where("id = ?", sh.ID).Update("status", "damaged").Error; err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Shipment{ID: uuid.NewString(), Status: "pending", Replaces: sh.ID}).Error // want `a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipments in shipping.Service.ReportDamage\$1 first \(HTTP handler Reports.Damage\)`
	})
}

// ReportLoss opens the replacement without marking the shipment: a
// retry passes the test again and opens a second one.
func (s *Service) ReportLoss(ctx context.Context, tracking string) error {
	sh, err := s.find(ctx, tracking)
	if err != nil {
		return err
	}
	if sh.Status == "lost" {
		return nil
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Shipment{ID: uuid.NewString(), Status: "pending", Replaces: sh.ID}).Error // want `a retry creates a second Shipment with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Reports.Loss\)`
	})
}
