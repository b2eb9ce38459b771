package lab

import (
	"context"
	"fmt"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/providers/labapi"
)

// ManifestClient is the lab API used to announce incoming samples.
type ManifestClient interface {
	SubmitManifest(ctx context.Context, m labapi.Manifest) (labapi.Accession, error)
}

// SiteCodeFunc resolves the collection site code of a donation.
type SiteCodeFunc func(ctx context.Context, d domain.Donation) (string, error)

// ManifestSubmitter handles the lab:send_manifest task.
type ManifestSubmitter struct {
	repo      Repository
	donations DonationLookup
	siteCode  SiteCodeFunc
	lab       ManifestClient
}

func NewManifestSubmitter(repo Repository, donations DonationLookup, siteCode SiteCodeFunc, lab ManifestClient) *ManifestSubmitter {
	return &ManifestSubmitter{repo: repo, donations: donations, siteCode: siteCode, lab: lab}
}

// Submit sends the manifest for one donation. The lab deduplicates on
// manifest_id, which is the donation number, so a retried task gets the
// original accession back.
func (m *ManifestSubmitter) Submit(ctx context.Context, p jobs.LabManifestPayload) error {
	done, err := m.repo.ManifestSubmitted(ctx, p.DonationNumber)
	if err != nil || done {
		return err
	}
	d, err := m.donations.GetByNumber(ctx, p.DonationNumber)
	if err != nil {
		return err
	}
	site, err := m.siteCode(ctx, d)
	if err != nil {
		return fmt.Errorf("site code: %w", err)
	}
	manifest := labapi.Manifest{
		ManifestID:  d.DonationNumber,
		SiteCode:    site,
		CollectedAt: d.CollectedAt,
		Tubes: []labapi.Tube{
			{Barcode: d.DonationNumber + "-S1", Type: "EDTA"},
			{Barcode: d.DonationNumber + "-S2", Type: "SERUM"},
		},
		Panel: MandatoryPanel,
	}
	acc, err := m.lab.SubmitManifest(ctx, manifest)
	if err != nil {
		return err
	}
	return m.repo.SaveManifest(ctx, d.DonationNumber, acc.AccessionRef)
}
