package grpcapi

import (
	"context"
	"errors"
	"log/slog"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/auth"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/funding"
	"github.com/sendhome/remit/internal/pickup"
	"github.com/sendhome/remit/internal/quote"
	"github.com/sendhome/remit/internal/refund"
	"github.com/sendhome/remit/internal/transfer"
)

// Server implements RemittanceServer on top of the domain services.
type Server struct {
	quotes    quote.Service
	transfers transfer.Service
	funding   funding.Service
	refunds   refund.Service
	pickups   pickup.Service
	log       *slog.Logger
}

func NewServer(q quote.Service, t transfer.Service, f funding.Service, r refund.Service, p pickup.Service, log *slog.Logger) RemittanceServer {
	return &Server{quotes: q, transfers: t, funding: f, refunds: r, pickups: p, log: log}
}

func subject(ctx context.Context) string {
	p, _ := auth.FromContext(ctx)
	return p.Subject
}

func parseID(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, status.Errorf(codes.InvalidArgument, "%s: not a valid id", field)
	}
	return id, nil
}

// toStatus maps domain errors to gRPC status codes.
func toStatus(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrNotFound), ent.IsNotFound(err):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrFailedPrecondition):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrConflict):
		return status.Error(codes.AlreadyExists, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return status.Error(codes.Internal, err.Error())
	}
}

func (s *Server) CreateQuote(ctx context.Context, in *CreateQuoteRequest) (*Quote, error) {
	q, err := s.quotes.CreateQuote(ctx, quote.QuoteInput{
		CustomerID:   subject(ctx),
		Corridor:     in.Corridor,
		PayoutMethod: in.PayoutMethod,
		SendAmount:   in.SendAmount,
		SendCurrency: in.SendCurrency,
	}, idempotencyKey(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return &Quote{
		ID: q.ID.String(), Corridor: q.Corridor, PayoutMethod: q.PayoutMethod,
		SendAmount: q.SendAmount, SendCurrency: q.SendCurrency,
		ReceiveAmount: q.ReceiveAmount, ReceiveCurrency: q.ReceiveCurrency,
		Fee: q.Fee, Rate: q.Rate, ExpiresAt: q.ExpiresAt,
	}, nil
}

func (s *Server) LockRate(ctx context.Context, in *LockRateRequest) (*RateLock, error) {
	qid, err := parseID("quote_id", in.QuoteID)
	if err != nil {
		return nil, err
	}
	l, err := s.quotes.LockRate(ctx, subject(ctx), qid)
	if err != nil {
		return nil, toStatus(err)
	}
	return &RateLock{ID: l.ID, QuoteID: l.QuoteID.String(), Rate: l.Rate, Status: string(l.Status), ExpiresAt: l.ExpiresAt}, nil
}

func (s *Server) AddRecipient(ctx context.Context, in *AddRecipientRequest) (*Recipient, error) {
	r, err := s.transfers.AddRecipient(ctx, transfer.RecipientInput{
		CustomerID:     subject(ctx),
		FullName:       in.FullName,
		Phone:          in.Phone,
		Country:        in.Country,
		AccountType:    in.AccountType,
		BankCode:       in.BankCode,
		AccountNumber:  in.AccountNumber,
		WalletProvider: in.WalletProvider,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &Recipient{ID: r.ID.String(), FullName: r.FullName, Country: r.Country, AccountType: string(r.AccountType)}, nil
}

func (s *Server) CreateTransfer(ctx context.Context, in *CreateTransferRequest) (*Transfer, error) {
	rid, err := parseID("recipient_id", in.RecipientID)
	if err != nil {
		return nil, err
	}
	t, err := s.transfers.Create(ctx, transfer.CreateInput{
		CustomerID:        subject(ctx),
		RateLockID:        in.RateLockID,
		RecipientID:       rid,
		OriginCallbackURL: in.OriginCallbackURL,
	}, idempotencyKey(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return transferOut(t), nil
}

func (s *Server) GetTransfer(ctx context.Context, in *TransferRef) (*Transfer, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	t, err := s.transfers.Get(ctx, subject(ctx), id)
	if err != nil {
		return nil, toStatus(err)
	}
	return transferOut(t), nil
}

func (s *Server) FundByCard(ctx context.Context, in *FundByCardRequest) (*Funding, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	if in.PaymentMethodID == "" {
		return nil, status.Error(codes.InvalidArgument, "payment_method_id is required")
	}
	fi, err := s.funding.FundByCard(ctx, subject(ctx), id, in.PaymentMethodID)
	if err != nil {
		return nil, toStatus(err)
	}
	return fundingOut(fi), nil
}

func (s *Server) FundByBankDebit(ctx context.Context, in *TransferRef) (*Funding, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	fi, err := s.funding.FundByBankDebit(ctx, subject(ctx), id)
	if err != nil {
		return nil, toStatus(err)
	}
	return fundingOut(fi), nil
}

func (s *Server) CancelTransfer(ctx context.Context, in *CancelTransferRequest) (*Transfer, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	t, err := s.transfers.Cancel(ctx, subject(ctx), id, in.Reason)
	if err != nil {
		return nil, toStatus(err)
	}
	return transferOut(t), nil
}

func (s *Server) RefundTransfer(ctx context.Context, in *RefundTransferRequest) (*Refund, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	r, err := s.refunds.RefundTransfer(ctx, subject(ctx), id, in.Reason)
	if err != nil {
		return nil, toStatus(err)
	}
	return &Refund{ID: r.ID.String(), TransferID: r.TransferID.String(), Amount: r.Amount, Currency: r.Currency, Status: string(r.Status)}, nil
}

func (s *Server) ConfirmPickup(ctx context.Context, in *ConfirmPickupRequest) (*PickupConfirmation, error) {
	id, err := parseID("transfer_id", in.TransferID)
	if err != nil {
		return nil, err
	}
	if in.IDDocumentRef == "" || in.LocationID == "" {
		return nil, status.Error(codes.InvalidArgument, "location_id and id_document_ref are required")
	}
	c, err := s.pickups.Confirm(ctx, pickup.ConfirmInput{
		AgentID:       subject(ctx),
		LocationID:    in.LocationID,
		TransferID:    id,
		PickupCode:    in.PickupCode,
		IDDocumentRef: in.IDDocumentRef,
	}, idempotencyKey(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return &PickupConfirmation{
		ConfirmationID: c.ConfirmationID,
		TransferID:     c.TransferID,
		Amount:         c.Amount,
		Currency:       c.Currency,
		RecipientName:  c.RecipientName,
	}, nil
}

func transferOut(t *ent.Transfer) *Transfer {
	return &Transfer{
		ID: t.ID.String(), Status: string(t.Status), Corridor: t.Corridor, PayoutMethod: string(t.PayoutMethod),
		SendAmount: t.SendAmount, SendCurrency: t.SendCurrency,
		ReceiveAmount: t.ReceiveAmount, ReceiveCurrency: t.ReceiveCurrency,
		Fee: t.Fee, Rate: t.Rate, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
	}
}

func fundingOut(fi *ent.FundingIntent) *Funding {
	return &Funding{
		IntentID:    fi.ID.String(),
		TransferID:  fi.TransferID.String(),
		Method:      string(fi.Method),
		Status:      string(fi.Status),
		ProviderRef: fi.ProviderRef,
	}
}
