package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
	"github.com/harborcity/citeproc/internal/provider/camvendor"
	"github.com/harborcity/citeproc/internal/store"
)

// FineSchedule maps violation codes to fine amounts in cents.
type FineSchedule map[string]int64

// DefaultFines is the schedule adopted by ordinance 2024-117.
var DefaultFines = FineSchedule{
	"SPD-06": 5000,  // 6-10 over
	"SPD-11": 7500,  // 11-15 over
	"SPD-16": 12500, // 16+ over
	"RLT":    10000, // red light
	"SBZ":    25000, // school bus stop-arm
	"BLN":    9000,  // bus lane
	"BLK":    6500,  // blocking the box
}

// CapturedViolation is a violation as reported by a vendor, from either the
// live feed or a nightly batch.
type CapturedViolation struct {
	Vendor        string
	VendorEventID string
	CameraID      string
	LocationCode  string
	ViolationCode string
	Plate         string
	PlateState    string
	CapturedAt    time.Time
	RecordedSpeed *int
	PostedSpeed   *int
	Source        string // feed | batch
}

// IntakeService turns vendor violations into citations.
type IntakeService struct {
	stores    Stores
	lifecycle Lifecycle
	vendors   map[string]VendorAPI
	fines     FineSchedule
	dueAfter  time.Duration
	newID     ids.Generator
	now       clock
	log       *slog.Logger
}

func NewIntakeService(stores Stores, lifecycle Lifecycle, vendors []VendorAPI, log *slog.Logger) *IntakeService {
	byName := make(map[string]VendorAPI, len(vendors))
	for _, v := range vendors {
		byName[v.Vendor()] = v
	}
	return &IntakeService{
		stores:    stores,
		lifecycle: lifecycle,
		vendors:   byName,
		fines:     DefaultFines,
		dueAfter:  30 * 24 * time.Hour,
		newID:     ids.UUID,
		now:       utcNow,
		log:       log,
	}
}

// IngestResult says what Ingest did.
type IngestResult struct {
	CitationID     string
	CitationNumber string
	NewViolation   bool
	NewCitation    bool
}

// Ingest records a violation and issues its citation. A violation already
// recorded (same vendor event) is not recorded again, and its citation is
// not issued twice; the notice lifecycle is (re)started either way, which
// is harmless because its workflow ID is derived from the citation.
func (s *IntakeService) Ingest(ctx context.Context, cv CapturedViolation) (*IngestResult, error) {
	fine, ok := s.fines[cv.ViolationCode]
	if !ok {
		return nil, invalid("unknown violation code %q", cv.ViolationCode)
	}
	res := &IngestResult{}
	var cit model.Citation
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		inserted, err := r.Citations.InsertViolation(ctx, &model.Violation{
			ID:            s.newID(),
			Vendor:        cv.Vendor,
			VendorEventID: cv.VendorEventID,
			CameraID:      cv.CameraID,
			LocationCode:  cv.LocationCode,
			ViolationCode: cv.ViolationCode,
			Plate:         cv.Plate,
			PlateState:    cv.PlateState,
			CapturedAt:    cv.CapturedAt,
			RecordedSpeed: cv.RecordedSpeed,
			PostedSpeed:   cv.PostedSpeed,
			Status:        "accepted",
			Source:        cv.Source,
		})
		if err != nil {
			return err
		}
		res.NewViolation = inserted
		v, err := r.Citations.ViolationByVendorEvent(ctx, cv.Vendor, cv.VendorEventID)
		if err != nil {
			return err
		}
		if v.Status != "accepted" {
			return nil
		}

		issued := s.now()
		cit = model.Citation{
			ID:             ids.Derived("citation", v.ID),
			CitationNumber: ids.CitationNumber(v.ID),
			ViolationID:    v.ID,
			Plate:          v.Plate,
			PlateState:     v.PlateState,
			ViolationCode:  v.ViolationCode,
			IssuedAt:       issued,
			DueDate:        issued.Add(s.dueAfter).Truncate(24 * time.Hour),
			FineCents:      fine,
			BalanceCents:   fine,
			Status:         model.CitationOpen,
			Stage:          model.StageIssued,
		}
		created, err := r.Citations.InsertCitation(ctx, &cit)
		if err != nil {
			return err
		}
		res.NewCitation = created
		if !created {
			existing, err := r.Citations.GetByViolation(ctx, v.ID)
			if err != nil {
				return err
			}
			cit = *existing
			return nil
		}
		if err := r.Ledger.Append(ctx, cit.ID, model.LedgerFine, fine, "intake", cv.Vendor+":"+cv.VendorEventID); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, cit.ID, "issued", fmt.Sprintf("%s %s from %s", cv.ViolationCode, cv.Plate, cv.Source), "intake")
	})
	if err != nil {
		return nil, err
	}
	if cit.ID == "" {
		// Vendor rejected the event before we issued anything.
		return res, nil
	}
	res.CitationID, res.CitationNumber = cit.ID, cit.CitationNumber
	if err := s.lifecycle.Start(ctx, cit.ID, cit.CitationNumber); err != nil {
		return res, fmt.Errorf("start notice lifecycle for %s: %w", cit.CitationNumber, err)
	}
	return res, nil
}

// ImportSummary reports a nightly import.
type ImportSummary struct {
	Vendor   string
	Date     time.Time
	Records  int
	Accepted int
	Skipped  int
}

// ImportBatch imports a vendor's nightly batch for one capture date.
func (s *IntakeService) ImportBatch(ctx context.Context, vendor string, date time.Time) (*ImportSummary, error) {
	api, ok := s.vendors[vendor]
	if !ok {
		return nil, invalid("no client configured for vendor %q", vendor)
	}
	repos := s.stores.Repos(ctx)
	run, err := repos.Imports.StartRun(ctx, vendor, date)
	if err != nil {
		return nil, fmt.Errorf("start import run %s %s: %w", vendor, date.Format("2006-01-02"), err)
	}

	records, err := api.FetchBatch(ctx, date)
	if err != nil {
		return nil, fmt.Errorf("fetch batch: %w", err)
	}
	sum := &ImportSummary{Vendor: vendor, Date: date, Records: len(records)}
	for _, rec := range records {
		if rec.ReviewStatus != "approved" {
			sum.Skipped++
			continue
		}
		res, err := s.Ingest(ctx, fromRecord(vendor, rec))
		if errors.Is(err, ErrValidation) {
			s.log.Warn("skipping batch record", "vendor", vendor, "event", rec.EventID, "err", err)
			sum.Skipped++
			continue
		}
		if err != nil {
			return sum, fmt.Errorf("ingest %s: %w", rec.EventID, err)
		}
		if res.NewCitation {
			sum.Accepted++
		}
	}
	if err := repos.Imports.FinishRun(ctx, run.ID, sum.Records, sum.Accepted); err != nil {
		return sum, err
	}
	return sum, nil
}

func fromRecord(vendor string, rec camvendor.Record) CapturedViolation {
	return CapturedViolation{
		Vendor:        vendor,
		VendorEventID: rec.EventID,
		CameraID:      rec.CameraID,
		LocationCode:  rec.LocationCode,
		ViolationCode: rec.ViolationCode,
		Plate:         rec.Plate,
		PlateState:    rec.PlateState,
		CapturedAt:    rec.CapturedAt,
		RecordedSpeed: rec.RecordedSpeed,
		PostedSpeed:   rec.PostedSpeed,
		Source:        "batch",
	}
}

// VendorVoid is a vendor retracting a violation after its own review.
type VendorVoid struct {
	Vendor           string
	VoidEventID      string
	ViolationEventID string
	Reason           string
}

// VoidFromVendor voids the citation issued for a violation the vendor has
// retracted.
func (s *IntakeService) VoidFromVendor(ctx context.Context, vv VendorVoid) error {
	var cit *model.Citation
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		v, err := r.Citations.ViolationByVendorEvent(ctx, vv.Vendor, vv.ViolationEventID)
		if err != nil {
			return mapNotFound(err, "violation "+vv.ViolationEventID)
		}
		if err := r.Citations.InsertVendorVoid(ctx, &model.VendorVoid{
			Vendor:        vv.Vendor,
			VendorEventID: vv.VoidEventID,
			ViolationID:   v.ID,
			Reason:        vv.Reason,
		}); err != nil {
			return err
		}
		if err := r.Citations.SetViolationStatus(ctx, v.ID, "rejected"); err != nil {
			return err
		}
		c, err := r.Citations.GetByViolation(ctx, v.ID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		voided, err := r.Citations.TransitionStatus(ctx, c.ID, []string{model.CitationOpen, model.CitationInPlan}, model.CitationVoid)
		if err != nil {
			return err
		}
		if voided {
			cit = c
			return r.Citations.AppendEvent(ctx, c.ID, "voided", "vendor retraction: "+vv.Reason, vv.Vendor)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if cit != nil {
		if err := s.lifecycle.Signal(ctx, cit.CitationNumber, SignalVoided, vv.Reason); err != nil {
			s.log.Warn("signal void", "citation", cit.CitationNumber, "err", err)
		}
	}
	return nil
}

// PlateCorrection is a vendor correcting a misread plate.
type PlateCorrection struct {
	Vendor           string
	ViolationEventID string
	Plate            string
	PlateState       string
}

// CorrectPlate applies a vendor plate correction: the violation is updated,
// the owner looked up for the old plate is discarded and the citation goes
// back to the start of the notice cycle.
func (s *IntakeService) CorrectPlate(ctx context.Context, pc PlateCorrection) error {
	repos := s.stores.Repos(ctx)
	v, err := repos.Citations.ViolationByVendorEvent(ctx, pc.Vendor, pc.ViolationEventID)
	if err != nil {
		return mapNotFound(err, "violation "+pc.ViolationEventID)
	}
	if v.Plate == pc.Plate && v.PlateState == pc.PlateState {
		s.log.Info("plate correction is a no-op", "violation", v.ID, "plate", pc.Plate)
		return nil
	}
	if err := repos.Citations.InsertPlateCorrection(ctx, &model.PlateCorrection{
		ViolationID:   v.ID,
		OldPlate:      v.Plate,
		OldPlateState: v.PlateState,
		NewPlate:      pc.Plate,
		NewPlateState: pc.PlateState,
	}); err != nil {
		return err
	}
	if err := repos.Citations.UpdateViolationPlate(ctx, v.ID, pc.Plate, pc.PlateState); err != nil {
		return err
	}

	c, err := repos.Citations.GetByViolation(ctx, v.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if c.Closed() {
		return nil
	}
	if err := repos.Notices.ClearOwner(ctx, c.ID); err != nil {
		return err
	}
	if err := repos.Citations.ResetForReissue(ctx, c.ID, pc.Plate, pc.PlateState); err != nil {
		return err
	}
	if err := repos.Citations.AppendEvent(ctx, c.ID, "plate_corrected",
		fmt.Sprintf("%s/%s -> %s/%s", v.PlateState, v.Plate, pc.PlateState, pc.Plate), pc.Vendor); err != nil {
		return err
	}
	return s.lifecycle.Signal(ctx, c.CitationNumber, SignalPlateCorrected, pc.Plate)
}

// RecordEvidencePackage requests the vendor's evidence package for a
// violation and stores the reference. requestKey is the vendor's dedup key.
func (s *IntakeService) RecordEvidencePackage(ctx context.Context, vendor, vendorEventID, violationID, requestKey string) error {
	api, ok := s.vendors[vendor]
	if !ok {
		return invalid("no client configured for vendor %q", vendor)
	}
	pkg, err := api.RequestEvidencePackage(ctx, vendorEventID, requestKey)
	if err != nil {
		return fmt.Errorf("request evidence package: %w", err)
	}
	_, err = s.stores.Repos(ctx).Imports.InsertEvidencePackage(ctx, &model.EvidencePackage{
		ID:              ids.Derived("evidence", pkg.PackageID),
		ViolationID:     violationID,
		VendorPackageID: pkg.PackageID,
		MediaCount:      len(pkg.MediaURLs),
	})
	return err
}
