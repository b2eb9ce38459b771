package store

import (
	"context"
	"fmt"

	"github.com/furrowline/seedbank/internal/domain"
)

// Take decrements stock if enough packets are available.
func (s *PacketStore) Take(ctx context.Context, packetID string, qty int) error {
	res := s.Conn(ctx).Exec(`
		UPDATE packets SET quantity_available = quantity_available - ?, updated_at = now()
		 WHERE id = ? AND quantity_available >= ?`, qty, packetID, qty)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrInsufficientStock
	}
	return nil
}

// Restock returns packets to stock.
func (s *PacketStore) Restock(ctx context.Context, packetID string, qty int) error {
	return s.Conn(ctx).Exec(`
		UPDATE packets SET quantity_available = quantity_available + ?, updated_at = now()
		 WHERE id = ?`, qty, packetID).Error
}

// LotIDForDonation is the lot id used for the single lot a donation becomes.
func LotIDForDonation(donationID string) string {
	return "lot_" + donationID
}

// InsertFromDonation creates the inventory lot for a donation.
func (s *LotStore) InsertFromDonation(ctx context.Context, d *domain.Donation) (*domain.SeedLot, error) {
	lotID := LotIDForDonation(d.ID)
	err := s.Conn(ctx).Exec(`
		INSERT INTO seed_lots (id, donation_id, species, variety_name, grams, harvest_year, source, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'donation', ?, now(), now())`,
		lotID, d.ID, d.Species, d.VarietyName, d.Grams, d.HarvestYear, domain.LotReceived).Error
	if err != nil {
		return nil, fmt.Errorf("insert lot for donation %s: %w", d.ID, err)
	}
	return s.Get(ctx, lotID)
}

// InsertForLoan creates the lot for a harvest returned against a loan; a
// second return for the same loan keeps the first lot.
func (s *LotStore) InsertForLoan(ctx context.Context, lot *domain.SeedLot) (bool, error) {
	return s.CreateOrSkip(ctx, lot, "loan_id")
}
