package pg

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/adapters/pg/db"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

type repos struct {
	q    *db.Queries
	jobs ports.JobEnqueuer
}

func (r *repos) Customers() ports.CustomerRepo         { return customerRepo{r.q} }
func (r *repos) Wallets() ports.WalletRepo             { return walletRepo{r.q} }
func (r *repos) Addresses() ports.AddressRepo          { return addressRepo{r.q} }
func (r *repos) Withdrawals() ports.WithdrawalRepo     { return withdrawalRepo{r.q} }
func (r *repos) Deposits() ports.DepositRepo           { return depositRepo{r.q} }
func (r *repos) Fiat() ports.FiatRepo                  { return fiatRepo{r.q} }
func (r *repos) Ledger() ports.LedgerRepo              { return ledgerRepo{r.q} }
func (r *repos) TravelRule() ports.TravelRuleRepo      { return travelRuleRepo{r.q} }
func (r *repos) Screening() ports.ScreeningRepo        { return screeningRepo{r.q} }
func (r *repos) Idempotency() ports.IdempotencyRepo    { return idempotencyRepo{r.q} }
func (r *repos) Notifications() ports.NotificationRepo { return notificationRepo{r.q} }
func (r *repos) Outbox() ports.OutboxRepo              { return outboxRepo{r.q} }
func (r *repos) Messages() ports.MessageLog            { return messageLog{r.q} }
func (r *repos) Jobs() ports.JobEnqueuer               { return r.jobs }

// --- customers ---

type customerRepo struct{ q *db.Queries }

func (r customerRepo) Get(ctx context.Context, id uuid.UUID) (domain.Customer, error) {
	c, err := r.q.GetCustomer(ctx, id)
	if err != nil {
		return domain.Customer{}, mapErr(err)
	}
	return domain.Customer{ID: c.ID, Email: c.Email, DisplayName: c.DisplayName, KYCStatus: c.KycStatus}, nil
}

// --- wallets ---

type walletRepo struct{ q *db.Queries }

func toWallet(w db.Wallet) domain.Wallet {
	return domain.Wallet{
		ID:         w.ID,
		CustomerID: w.CustomerID,
		Asset:      w.Asset,
		Available:  w.Available,
		Held:       w.Held,
		CreatedAt:  w.CreatedAt,
	}
}

func (r walletRepo) Create(ctx context.Context, w domain.Wallet) (bool, error) {
	n, err := r.q.CreateWallet(ctx, db.CreateWalletParams{ID: w.ID, CustomerID: w.CustomerID, Asset: w.Asset})
	return n == 1, mapErr(err)
}

func (r walletRepo) Get(ctx context.Context, id uuid.UUID) (domain.Wallet, error) {
	w, err := r.q.GetWallet(ctx, id)
	return toWallet(w), mapErr(err)
}

func (r walletRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Wallet, error) {
	w, err := r.q.GetWalletForUpdate(ctx, id)
	return toWallet(w), mapErr(err)
}

func (r walletRepo) GetByCustomerAsset(ctx context.Context, customerID uuid.UUID, asset string) (domain.Wallet, error) {
	w, err := r.q.GetWalletByCustomerAsset(ctx, db.GetWalletByCustomerAssetParams{CustomerID: customerID, Asset: asset})
	return toWallet(w), mapErr(err)
}

func (r walletRepo) AdjustBalance(ctx context.Context, id uuid.UUID, availableDelta, heldDelta decimal.Decimal) error {
	n, err := r.q.AdjustWalletBalance(ctx, db.AdjustWalletBalanceParams{
		ID:             id,
		AvailableDelta: availableDelta,
		HeldDelta:      heldDelta,
	})
	if err != nil {
		return mapErr(err)
	}
	if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// --- addresses ---

type addressRepo struct{ q *db.Queries }

func toAddressRequest(a db.AddressRequest) domain.AddressRequest {
	return domain.AddressRequest{
		ID:             a.ID,
		WalletID:       a.WalletID,
		Chain:          a.Chain,
		RequestKey:     a.RequestKey,
		Address:        deref(a.Address),
		DerivationPath: deref(a.DerivationPath),
	}
}

func (r addressRepo) CreateRequest(ctx context.Context, a domain.AddressRequest) (bool, error) {
	n, err := r.q.CreateAddressRequest(ctx, db.CreateAddressRequestParams{
		ID:         a.ID,
		WalletID:   a.WalletID,
		Chain:      a.Chain,
		RequestKey: a.RequestKey,
	})
	return n == 1, mapErr(err)
}

func (r addressRepo) GetRequest(ctx context.Context, id uuid.UUID) (domain.AddressRequest, error) {
	a, err := r.q.GetAddressRequest(ctx, id)
	return toAddressRequest(a), mapErr(err)
}

func (r addressRepo) GetRequestByKey(ctx context.Context, walletID uuid.UUID, key string) (domain.AddressRequest, error) {
	a, err := r.q.GetAddressRequestByKey(ctx, db.GetAddressRequestByKeyParams{WalletID: walletID, RequestKey: key})
	return toAddressRequest(a), mapErr(err)
}

func (r addressRepo) GetByAddress(ctx context.Context, chain, address string) (domain.AddressRequest, error) {
	a, err := r.q.GetAddressRequestByAddress(ctx, db.GetAddressRequestByAddressParams{Chain: chain, Address: &address})
	return toAddressRequest(a), mapErr(err)
}

func (r addressRepo) Assign(ctx context.Context, id uuid.UUID, address, derivationPath string) (bool, error) {
	n, err := r.q.AssignAddress(ctx, db.AssignAddressParams{ID: id, Address: &address, DerivationPath: strPtr(derivationPath)})
	return n == 1, mapErr(err)
}

func (r addressRepo) UpsertWhitelist(ctx context.Context, e domain.WhitelistEntry) (domain.WhitelistEntry, error) {
	row, err := r.q.UpsertWhitelistAddress(ctx, db.UpsertWhitelistAddressParams{
		ID:         e.ID,
		CustomerID: e.CustomerID,
		Asset:      e.Asset,
		Address:    e.Address,
		Label:      e.Label,
	})
	if err != nil {
		return domain.WhitelistEntry{}, mapErr(err)
	}
	return domain.WhitelistEntry{ID: row.ID, CustomerID: row.CustomerID, Asset: row.Asset, Address: row.Address, Label: row.Label}, nil
}

func (r addressRepo) IsWhitelisted(ctx context.Context, customerID uuid.UUID, asset, address string) (bool, error) {
	ok, err := r.q.IsWhitelisted(ctx, db.IsWhitelistedParams{CustomerID: customerID, Asset: asset, Address: address})
	return ok, mapErr(err)
}

// --- withdrawals ---

type withdrawalRepo struct{ q *db.Queries }

func toWithdrawal(w db.Withdrawal) domain.Withdrawal {
	return domain.Withdrawal{
		ID:                w.ID,
		WalletID:          w.WalletID,
		CustomerID:        w.CustomerID,
		Asset:             w.Asset,
		Chain:             w.Chain,
		Amount:            w.Amount,
		ToAddress:         w.ToAddress,
		BeneficiaryVASP:   w.BeneficiaryVasp,
		BeneficiaryName:   w.BeneficiaryName,
		Status:            domain.WithdrawalStatus(w.Status),
		RequiredApprovals: int(w.RequiredApprovals),
		TxHash:            w.TxHash,
		NetworkFee:        w.NetworkFee,
		CreatedAt:         w.CreatedAt,
		UpdatedAt:         w.UpdatedAt,
	}
}

func (r withdrawalRepo) Create(ctx context.Context, w domain.Withdrawal) error {
	return mapErr(r.q.CreateWithdrawal(ctx, db.CreateWithdrawalParams{
		ID:                w.ID,
		WalletID:          w.WalletID,
		CustomerID:        w.CustomerID,
		Asset:             w.Asset,
		Chain:             w.Chain,
		Amount:            w.Amount,
		ToAddress:         w.ToAddress,
		BeneficiaryVasp:   w.BeneficiaryVASP,
		BeneficiaryName:   w.BeneficiaryName,
		Status:            string(w.Status),
		RequiredApprovals: int32(w.RequiredApprovals),
	}))
}

func (r withdrawalRepo) Get(ctx context.Context, id uuid.UUID) (domain.Withdrawal, error) {
	w, err := r.q.GetWithdrawal(ctx, id)
	return toWithdrawal(w), mapErr(err)
}

func (r withdrawalRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Withdrawal, error) {
	w, err := r.q.GetWithdrawalForUpdate(ctx, id)
	return toWithdrawal(w), mapErr(err)
}

func (r withdrawalRepo) GetByTxHash(ctx context.Context, chain, txHash string) (domain.Withdrawal, error) {
	w, err := r.q.GetWithdrawalByTxHash(ctx, db.GetWithdrawalByTxHashParams{Chain: chain, TxHash: txHash})
	return toWithdrawal(w), mapErr(err)
}

func (r withdrawalRepo) Transition(ctx context.Context, id uuid.UUID, to domain.WithdrawalStatus, from ...domain.WithdrawalStatus) (bool, error) {
	fs := make([]string, len(from))
	for i, s := range from {
		fs[i] = string(s)
	}
	n, err := r.q.TransitionWithdrawal(ctx, db.TransitionWithdrawalParams{ID: id, ToStatus: string(to), FromStatuses: fs})
	return n == 1, mapErr(err)
}

func (r withdrawalRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.WithdrawalStatus) error {
	return mapErr(r.q.SetWithdrawalStatus(ctx, db.SetWithdrawalStatusParams{ID: id, Status: string(status)}))
}

func (r withdrawalRepo) SetTxHash(ctx context.Context, id uuid.UUID, txHash string) error {
	return mapErr(r.q.SetWithdrawalTxHash(ctx, db.SetWithdrawalTxHashParams{ID: id, TxHash: txHash}))
}

func (r withdrawalRepo) SetNetworkFee(ctx context.Context, id uuid.UUID, fee decimal.Decimal) error {
	return mapErr(r.q.SetWithdrawalNetworkFee(ctx, db.SetWithdrawalNetworkFeeParams{ID: id, NetworkFee: fee}))
}

func (r withdrawalRepo) AddApproval(ctx context.Context, id, approverID uuid.UUID, comment string) (bool, error) {
	n, err := r.q.AddApproval(ctx, db.AddApprovalParams{WithdrawalID: id, ApproverID: approverID, Comment: comment})
	return n == 1, mapErr(err)
}

func (r withdrawalRepo) CountApprovals(ctx context.Context, id uuid.UUID) (int, error) {
	n, err := r.q.CountApprovals(ctx, id)
	return int(n), mapErr(err)
}

func (r withdrawalRepo) CreateBroadcastAttempt(ctx context.Context, a domain.BroadcastAttempt) error {
	return mapErr(r.q.CreateBroadcastAttempt(ctx, db.CreateBroadcastAttemptParams{
		ID:           a.ID,
		WithdrawalID: a.WithdrawalID,
		RequestID:    a.RequestID,
	}))
}

func (r withdrawalRepo) FinishBroadcastAttempt(ctx context.Context, id uuid.UUID, status, providerRef, errMsg string) error {
	return mapErr(r.q.FinishBroadcastAttempt(ctx, db.FinishBroadcastAttemptParams{
		ID:          id,
		Status:      status,
		ProviderRef: providerRef,
		Error:       errMsg,
	}))
}

func (r withdrawalRepo) InsertConfirmation(ctx context.Context, c domain.TxConfirmation) error {
	return mapErr(r.q.InsertTxConfirmation(ctx, db.InsertTxConfirmationParams{
		WithdrawalID: c.WithdrawalID,
		TxHash:       c.TxHash,
		BlockHeight:  c.BlockHeight,
		NetworkFee:   c.NetworkFee,
		ConfirmedAt:  c.ConfirmedAt,
	}))
}

// --- crypto deposits ---

type depositRepo struct{ q *db.Queries }

func (r depositRepo) Insert(ctx context.Context, d domain.CryptoDeposit) error {
	return mapErr(r.q.InsertCryptoDeposit(ctx, db.InsertCryptoDepositParams{
		ID:            d.ID,
		WalletID:      d.WalletID,
		Chain:         d.Chain,
		TxHash:        d.TxHash,
		Vout:          int32(d.Vout),
		Address:       d.Address,
		Amount:        d.Amount,
		Confirmations: int32(d.Confirmations),
	}))
}

func (r depositRepo) Get(ctx context.Context, id string) (domain.CryptoDeposit, error) {
	d, err := r.q.GetCryptoDeposit(ctx, id)
	if err != nil {
		return domain.CryptoDeposit{}, mapErr(err)
	}
	return toCryptoDeposit(d), nil
}

func (r depositRepo) GetByOutput(ctx context.Context, chain, txHash string, vout int) (domain.CryptoDeposit, error) {
	d, err := r.q.GetCryptoDepositByOutput(ctx, db.GetCryptoDepositByOutputParams{Chain: chain, TxHash: txHash, Vout: int32(vout)})
	if err != nil {
		return domain.CryptoDeposit{}, mapErr(err)
	}
	return toCryptoDeposit(d), nil
}

func toCryptoDeposit(d db.CryptoDeposit) domain.CryptoDeposit {
	return domain.CryptoDeposit{
		ID:            d.ID,
		WalletID:      d.WalletID,
		Chain:         d.Chain,
		TxHash:        d.TxHash,
		Vout:          int(d.Vout),
		Address:       d.Address,
		Amount:        d.Amount,
		Status:        d.Status,
		Confirmations: int(d.Confirmations),
		ReceiptSentAt: d.ReceiptSentAt,
	}
}

func (r depositRepo) MarkCredited(ctx context.Context, id string, confirmations int) error {
	return mapErr(r.q.MarkCryptoDepositCredited(ctx, db.MarkCryptoDepositCreditedParams{ID: id, Confirmations: int32(confirmations)}))
}

func (r depositRepo) MarkReceiptSent(ctx context.Context, id string) error {
	return mapErr(r.q.MarkDepositReceiptSent(ctx, id))
}

func (r depositRepo) InsertGasTopup(ctx context.Context, t domain.GasTopup) error {
	return mapErr(r.q.InsertGasTopup(ctx, db.InsertGasTopupParams{
		ID:          t.ID,
		Address:     t.Address,
		Chain:       t.Chain,
		Amount:      t.Amount,
		RequestID:   t.RequestID,
		ProviderRef: t.ProviderRef,
	}))
}

// --- fiat ---

type fiatRepo struct{ q *db.Queries }

func toFiatDeposit(d db.FiatDeposit) domain.FiatDeposit {
	return domain.FiatDeposit{
		ID:               d.ID,
		CustomerID:       d.CustomerID,
		WalletID:         d.WalletID,
		AmountCents:      d.AmountCents,
		Currency:         d.Currency,
		Method:           d.Method,
		PaymentMethodID:  d.PaymentMethodID,
		Status:           d.Status,
		ProviderChargeID: d.ProviderChargeID,
		CreatedAt:        d.CreatedAt,
	}
}

func (r fiatRepo) CreateDeposit(ctx context.Context, d domain.FiatDeposit) error {
	return mapErr(r.q.CreateFiatDeposit(ctx, db.CreateFiatDepositParams{
		ID:              d.ID,
		CustomerID:      d.CustomerID,
		WalletID:        d.WalletID,
		AmountCents:     d.AmountCents,
		Currency:        d.Currency,
		Method:          d.Method,
		PaymentMethodID: d.PaymentMethodID,
	}))
}

func (r fiatRepo) GetDeposit(ctx context.Context, id string) (domain.FiatDeposit, error) {
	d, err := r.q.GetFiatDeposit(ctx, id)
	return toFiatDeposit(d), mapErr(err)
}

func (r fiatRepo) GetDepositByCharge(ctx context.Context, chargeID string) (domain.FiatDeposit, error) {
	d, err := r.q.GetFiatDepositByCharge(ctx, chargeID)
	return toFiatDeposit(d), mapErr(err)
}

func (r fiatRepo) SetDepositStatus(ctx context.Context, id, status, chargeID string) error {
	return mapErr(r.q.SetFiatDepositStatus(ctx, db.SetFiatDepositStatusParams{ID: id, Status: status, ProviderChargeID: chargeID}))
}

func (r fiatRepo) TransitionDeposit(ctx context.Context, id, from, to, chargeID string) (bool, error) {
	n, err := r.q.TransitionFiatDeposit(ctx, db.TransitionFiatDepositParams{
		ID:               id,
		FromStatus:       from,
		ToStatus:         to,
		ProviderChargeID: chargeID,
	})
	return n == 1, mapErr(err)
}

func (r fiatRepo) CreateRefund(ctx context.Context, f domain.FiatRefund) error {
	return mapErr(r.q.CreateFiatRefund(ctx, db.CreateFiatRefundParams{
		ID:               f.ID,
		DepositID:        f.DepositID,
		AmountCents:      f.AmountCents,
		Reason:           f.Reason,
		ProviderRefundID: f.ProviderRefundID,
	}))
}

func (r fiatRepo) CreatePayout(ctx context.Context, p domain.FiatPayout) error {
	return mapErr(r.q.CreateFiatPayout(ctx, db.CreateFiatPayoutParams{
		ID:            p.ID,
		CustomerID:    p.CustomerID,
		WalletID:      p.WalletID,
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		BankAccountID: p.BankAccountID,
	}))
}

func (r fiatRepo) GetPayout(ctx context.Context, id uuid.UUID) (domain.FiatPayout, error) {
	p, err := r.q.GetFiatPayout(ctx, id)
	if err != nil {
		return domain.FiatPayout{}, mapErr(err)
	}
	return domain.FiatPayout{
		ID:               p.ID,
		CustomerID:       p.CustomerID,
		WalletID:         p.WalletID,
		AmountCents:      p.AmountCents,
		Currency:         p.Currency,
		BankAccountID:    p.BankAccountID,
		Status:           p.Status,
		ProviderPayoutID: p.ProviderPayoutID,
	}, nil
}

func (r fiatRepo) SetPayoutStatus(ctx context.Context, id uuid.UUID, status, providerPayoutID string) error {
	return mapErr(r.q.SetFiatPayoutStatus(ctx, db.SetFiatPayoutStatusParams{ID: id, Status: status, ProviderPayoutID: providerPayoutID}))
}

func (r fiatRepo) EventProcessed(ctx context.Context, eventID string) (bool, error) {
	ok, err := r.q.FiatEventExists(ctx, eventID)
	return ok, mapErr(err)
}

func (r fiatRepo) MarkEventProcessed(ctx context.Context, eventID, eventType string) error {
	return mapErr(r.q.InsertFiatEvent(ctx, db.InsertFiatEventParams{EventID: eventID, EventType: eventType}))
}

// --- ledger ---

type ledgerRepo struct{ q *db.Queries }

func (r ledgerRepo) PostJournal(ctx context.Context, j domain.Journal) (bool, error) {
	if err := j.Validate(); err != nil {
		return false, err
	}
	n, err := r.q.InsertJournal(ctx, db.InsertJournalParams{ID: j.ID, Ref: strPtr(j.Ref), Kind: j.Kind, Memo: j.Memo})
	if err != nil {
		return false, mapErr(err)
	}
	if n == 0 {
		return false, nil
	}
	for _, e := range j.Entries {
		if err := r.q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			JournalID: j.ID,
			Account:   e.Account,
			WalletID:  e.WalletID,
			Asset:     e.Asset,
			Amount:    e.Amount,
		}); err != nil {
			return false, fmt.Errorf("journal %s entry %s: %w", j.ID, e.Account, mapErr(err))
		}
	}
	return true, nil
}

func (r ledgerRepo) CreateInternalTransfer(ctx context.Context, t domain.InternalTransfer) error {
	return mapErr(r.q.CreateInternalTransfer(ctx, db.CreateInternalTransferParams{
		ID:           t.ID,
		FromWalletID: t.FromWalletID,
		ToWalletID:   t.ToWalletID,
		Asset:        t.Asset,
		Amount:       t.Amount,
		JournalID:    t.JournalID,
		Memo:         t.Memo,
	}))
}

// --- travel rule ---

type travelRuleRepo struct{ q *db.Queries }

func (r travelRuleRepo) UpsertOutbound(ctx context.Context, m domain.TravelRuleOutbound) error {
	return mapErr(r.q.UpsertTravelRuleOutbound(ctx, db.UpsertTravelRuleOutboundParams{
		ID:              m.ID,
		WithdrawalID:    m.WithdrawalID,
		BeneficiaryVasp: m.BeneficiaryVASP,
		Status:          m.Status,
		ProviderRef:     m.ProviderRef,
	}))
}

func (r travelRuleRepo) GetOutbound(ctx context.Context, withdrawalID uuid.UUID) (domain.TravelRuleOutbound, error) {
	m, err := r.q.GetTravelRuleOutbound(ctx, withdrawalID)
	if err != nil {
		return domain.TravelRuleOutbound{}, mapErr(err)
	}
	return domain.TravelRuleOutbound{
		ID:              m.ID,
		WithdrawalID:    m.WithdrawalID,
		BeneficiaryVASP: m.BeneficiaryVasp,
		Status:          m.Status,
		ProviderRef:     m.ProviderRef,
	}, nil
}

func (r travelRuleRepo) InsertInbound(ctx context.Context, m domain.TravelRuleInbound) error {
	return mapErr(r.q.InsertTravelRuleInbound(ctx, db.InsertTravelRuleInboundParams{
		ID:             m.ID,
		OriginatorVasp: m.OriginatorVASP,
		TransferID:     m.TransferID,
		Asset:          m.Asset,
		Amount:         m.Amount,
		Beneficiary:    m.Beneficiary,
		Payload:        m.Payload,
	}))
}

// --- screening ---

type screeningRepo struct{ q *db.Queries }

func (r screeningRepo) Upsert(ctx context.Context, s domain.Screening) (domain.Screening, error) {
	row, err := r.q.UpsertScreening(ctx, db.UpsertScreeningParams{
		ID:          s.ID,
		SubjectType: s.SubjectType,
		SubjectID:   s.SubjectID,
		Chain:       s.Chain,
		Address:     s.Address,
		RiskScore:   int32(s.RiskScore),
		Decision:    s.Decision,
		ProviderRef: s.ProviderRef,
	})
	if err != nil {
		return domain.Screening{}, mapErr(err)
	}
	s.ID = row.ID
	return s, nil
}

// --- idempotency keys ---

type idempotencyRepo struct{ q *db.Queries }

func (r idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, error) {
	n, err := r.q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: requestHash})
	return n == 1, mapErr(err)
}

func (r idempotencyRepo) Get(ctx context.Context, scope, key string) (domain.IdempotencyRecord, error) {
	row, err := r.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if err != nil {
		return domain.IdempotencyRecord{}, mapErr(err)
	}
	rec := domain.IdempotencyRecord{
		Scope:        row.Scope,
		Key:          row.Key,
		RequestHash:  row.RequestHash,
		ResponseBody: row.ResponseBody,
		Completed:    row.CompletedAt != nil,
	}
	if row.ResponseCode != nil {
		rec.ResponseCode = int(*row.ResponseCode)
	}
	return rec, nil
}

func (r idempotencyRepo) Complete(ctx context.Context, scope, key string, code int, body []byte) error {
	c := int32(code)
	return mapErr(r.q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
		Scope:        scope,
		Key:          key,
		ResponseCode: &c,
		ResponseBody: body,
	}))
}

func (r idempotencyRepo) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	c := int32(rec.ResponseCode)
	return mapErr(r.q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:        rec.Scope,
		Key:          rec.Key,
		RequestHash:  rec.RequestHash,
		ResponseCode: &c,
		ResponseBody: rec.ResponseBody,
	}))
}

// --- notifications ---

type notificationRepo struct{ q *db.Queries }

func (r notificationRepo) Exists(ctx context.Context, dedupKey string) (bool, error) {
	ok, err := r.q.NotificationExists(ctx, dedupKey)
	return ok, mapErr(err)
}

func (r notificationRepo) Record(ctx context.Context, n domain.Notification) (bool, error) {
	rows, err := r.q.InsertNotification(ctx, db.InsertNotificationParams{
		ID:                n.ID,
		DedupKey:          n.DedupKey,
		Channel:           n.Channel,
		Recipient:         n.Recipient,
		Template:          n.Template,
		ProviderMessageID: n.ProviderMessageID,
	})
	return rows == 1, mapErr(err)
}

func (r notificationRepo) SetProviderID(ctx context.Context, dedupKey, providerID string) error {
	return mapErr(r.q.SetNotificationProviderID(ctx, db.SetNotificationProviderIDParams{DedupKey: dedupKey, ProviderMessageID: providerID}))
}

// --- outbox ---

type outboxRepo struct{ q *db.Queries }

func (r outboxRepo) Add(ctx context.Context, subject string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox %s: %w", subject, err)
	}
	return mapErr(r.q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{ID: uuid.New(), Subject: subject, Payload: b}))
}

func (r outboxRepo) ListPending(ctx context.Context, limit int) ([]ports.OutboxMessage, error) {
	rows, err := r.q.ListUnpublishedOutbox(ctx, int32(limit))
	if err != nil {
		return nil, mapErr(err)
	}
	out := make([]ports.OutboxMessage, 0, len(rows))
	for _, e := range rows {
		out = append(out, ports.OutboxMessage{ID: e.ID, Subject: e.Subject, Payload: e.Payload})
	}
	return out, nil
}

func (r outboxRepo) MarkPublished(ctx context.Context, id uuid.UUID) error {
	return mapErr(r.q.MarkOutboxPublished(ctx, id))
}

// --- consumer message log ---

type messageLog struct{ q *db.Queries }

func (m messageLog) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	n, err := m.q.ClaimMessage(ctx, db.ClaimMessageParams{Consumer: consumer, MessageID: messageID})
	return n == 1, mapErr(err)
}
