package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/idcheck"
	"github.com/ironbridge-metals/yardops/internal/retry"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// SellerService registers sellers, checks their ID documents and enrolls
// bank accounts for ACH payouts.
type SellerService struct {
	store    store.Store
	verifier IDVerifier
	ach      ACHOriginator
	logger   *slog.Logger
	now      func() time.Time
	// hashDoc turns a raw document number into the stored fingerprint; the
	// raw number never touches the database.
	hashDoc func(docType, state, number string) string
}

func NewSellerService(st store.Store, verifier IDVerifier, ach ACHOriginator, logger *slog.Logger, pepper string) *SellerService {
	return &SellerService{
		store:    st,
		verifier: verifier,
		ach:      ach,
		logger:   logger,
		now:      time.Now,
		hashDoc: func(docType, state, number string) string {
			sum := sha256.Sum256([]byte(pepper + "|" + docType + "|" + strings.ToUpper(state) + "|" + normalizeDocNumber(number)))
			return hex.EncodeToString(sum[:])
		},
	}
}

func normalizeDocNumber(n string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(n))
}

type RegisterSellerInput struct {
	YardID         string
	FirstName      string
	LastName       string
	Phone          string
	IDDocType      string
	IDDocState     string
	IDDocNumber    string
	IDDocExpiresOn time.Time
}

// Register creates the seller, or returns the existing record for the same
// identity document with the phone and expiry refreshed.
func (s *SellerService) Register(ctx context.Context, in RegisterSellerInput) (store.Seller, error) {
	if in.FirstName == "" || in.LastName == "" || in.IDDocNumber == "" {
		return store.Seller{}, domain.Invalid("name and ID document number are required")
	}
	if in.IDDocExpiresOn.Before(s.now()) {
		return store.Seller{}, domain.Blocked("ID document is expired")
	}
	seller, err := s.store.UpsertSeller(ctx, store.UpsertSellerParams{
		ID:             uuid.New(),
		YardID:         in.YardID,
		FirstName:      in.FirstName,
		LastName:       in.LastName,
		Phone:          in.Phone,
		IDDocType:      in.IDDocType,
		IDDocState:     strings.ToUpper(in.IDDocState),
		IDDocHash:      s.hashDoc(in.IDDocType, in.IDDocState, in.IDDocNumber),
		IDDocExpiresOn: in.IDDocExpiresOn,
	})
	if err != nil {
		return store.Seller{}, fmt.Errorf("upsert seller: %w", err)
	}
	return seller, nil
}

type VerifySellerInput struct {
	SellerID      uuid.UUID
	DocNumber     string
	FrontImageRef string
	BackImageRef  string
}

// Verify runs the seller's ID document through Veridoc and records the
// outcome. A clear result unlocks weigh tickets for the seller.
func (s *SellerService) Verify(ctx context.Context, in VerifySellerInput) (idcheck.Check, error) {
	seller, err := s.store.GetSeller(ctx, in.SellerID)
	if store.IsNotFound(err) {
		return idcheck.Check{}, domain.NotFound("seller %s", in.SellerID)
	}
	if err != nil {
		return idcheck.Check{}, fmt.Errorf("load seller: %w", err)
	}
	if s.hashDoc(seller.IDDocType, seller.IDDocState, in.DocNumber) != seller.IDDocHash {
		return idcheck.Check{}, domain.Invalid("document number does not match the seller on file")
	}

	req := idcheck.CheckRequest{
		ClientReference: "seller-" + seller.ID.String() + "-" + seller.IDDocHash[:16],
		DocumentType:    seller.IDDocType,
		IssuingRegion:   seller.IDDocState,
		DocumentNumber:  normalizeDocNumber(in.DocNumber),
		FirstName:       seller.FirstName,
		LastName:        seller.LastName,
		ExpiresOn:       seller.IDDocExpiresOn.Format("2006-01-02"),
		FrontImageRef:   in.FrontImageRef,
		BackImageRef:    in.BackImageRef,
	}
	check, err := retry.DoValue(ctx, func(ctx context.Context) (idcheck.Check, error) {
		return s.verifier.RunCheck(ctx, req)
	}, retry.WithMaxTries(3))
	if err != nil {
		return idcheck.Check{}, fmt.Errorf("veridoc check: %w", err)
	}

	now := s.now()
	if err := s.store.InsertSellerVerification(ctx, store.InsertSellerVerificationParams{
		ID:          uuid.New(),
		SellerID:    seller.ID,
		ProviderRef: check.ID,
		Outcome:     check.Outcome,
		Reason:      strings.Join(check.Reasons, "; "),
		CheckedAt:   now,
	}); err != nil {
		return idcheck.Check{}, fmt.Errorf("record verification: %w", err)
	}
	if check.Outcome == idcheck.OutcomeClear {
		if err := s.store.MarkSellerVerified(ctx, seller.ID, now); err != nil {
			return idcheck.Check{}, fmt.Errorf("mark verified: %w", err)
		}
	}
	return check, nil
}

type EnrollBankInput struct {
	SellerID      uuid.UUID
	RoutingNumber string
	AccountNumber string
	AccountType   string
}

// EnrollBankAccount registers the seller's bank account with Ledgerline and
// stores the recipient id for later ACH payouts.
func (s *SellerService) EnrollBankAccount(ctx context.Context, in EnrollBankInput) (store.Seller, error) {
	if len(in.RoutingNumber) != 9 {
		return store.Seller{}, domain.Invalid("routing number must be 9 digits")
	}
	if in.AccountType != "checking" && in.AccountType != "savings" {
		return store.Seller{}, domain.Invalid("account type must be checking or savings")
	}
	seller, err := s.store.GetSeller(ctx, in.SellerID)
	if store.IsNotFound(err) {
		return store.Seller{}, domain.NotFound("seller %s", in.SellerID)
	}
	if err != nil {
		return store.Seller{}, fmt.Errorf("load seller: %w", err)
	}
	if !seller.VerifiedAt.Valid {
		return store.Seller{}, domain.Blocked("seller must pass ID verification before enrolling a bank account")
	}

	recipient, err := retry.DoValue(ctx, func(ctx context.Context) (achpay.Recipient, error) {
		return s.ach.CreateRecipient(ctx, achpay.RecipientRequest{
			Name:          seller.FirstName + " " + seller.LastName,
			RoutingNumber: in.RoutingNumber,
			AccountNumber: in.AccountNumber,
			AccountType:   in.AccountType,
			Metadata:      map[string]string{"seller_id": seller.ID.String(), "yard_id": seller.YardID},
		})
	})
	if err != nil {
		return store.Seller{}, fmt.Errorf("ledgerline recipient: %w", err)
	}
	if err := s.store.SetSellerAchRecipient(ctx, seller.ID, recipient.ID, recipient.Last4); err != nil {
		return store.Seller{}, fmt.Errorf("store recipient: %w", err)
	}
	seller.AchRecipientID.String, seller.AchRecipientID.Valid = recipient.ID, true
	seller.AchLast4.String, seller.AchLast4.Valid = recipient.Last4, true
	return seller, nil
}
