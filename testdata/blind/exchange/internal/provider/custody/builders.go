package custody

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
)

// IdempotencyHeader is honoured by the provider on every POST: a repeated
// key within 24h returns the original response instead of acting again.
const IdempotencyHeader = "Idempotency-Key"

type transferBody struct {
	Source struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	} `json:"source"`
	Destination struct {
		Type    string `json:"type"`
		Address string `json:"address"`
		Tag     string `json:"tag,omitempty"`
	} `json:"destination"`
	AssetID       string `json:"assetId"`
	Network       string `json:"network"`
	Amount        string `json:"amount"`
	FeeLevel      string `json:"feeLevel"`
	CustomerRefID string `json:"customerRefId,omitempty"`
	Note          string `json:"note,omitempty"`
}

// TransferBuilder assembles a CreateTransfer call.
type TransferBuilder struct {
	vault   string
	body    transferBody
	idemKey string
	err     error
}

// NewTransfer starts a transfer out of vaultID.
func NewTransfer(vaultID string) *TransferBuilder {
	b := &TransferBuilder{vault: vaultID}
	b.body.Source.Type = "VAULT"
	b.body.Source.ID = vaultID
	b.body.FeeLevel = "MEDIUM"
	return b
}

// Asset sets the asset and network.
func (b *TransferBuilder) Asset(assetID, network string) *TransferBuilder {
	b.body.AssetID = assetID
	b.body.Network = network
	return b
}

// Amount sets the amount in base units.
func (b *TransferBuilder) Amount(units int64) *TransferBuilder {
	if units <= 0 {
		b.err = errors.New("custody: amount must be positive")
	}
	b.body.Amount = strconv.FormatInt(units, 10)
	return b
}

// To sets a one-time destination address and optional memo/tag.
func (b *TransferBuilder) To(address, tag string) *TransferBuilder {
	b.body.Destination.Type = "ONE_TIME_ADDRESS"
	b.body.Destination.Address = address
	b.body.Destination.Tag = tag
	return b
}

// FeeLevel overrides the network fee level.
func (b *TransferBuilder) FeeLevel(level string) *TransferBuilder {
	b.body.FeeLevel = level
	return b
}

// CustomerRef attaches our reference; shown in the provider console and
// echoed back on webhooks.
func (b *TransferBuilder) CustomerRef(ref string) *TransferBuilder {
	b.body.CustomerRefID = ref
	return b
}

// Note attaches a free-text note.
func (b *TransferBuilder) Note(note string) *TransferBuilder {
	b.body.Note = note
	return b
}

// IdempotencyKey sets the key the provider deduplicates on.
func (b *TransferBuilder) IdempotencyKey(key string) *TransferBuilder {
	b.idemKey = key
	return b
}

func (b *TransferBuilder) build() (*request, error) {
	if b.err != nil {
		return nil, b.err
	}
	if b.body.AssetID == "" || b.body.Destination.Address == "" {
		return nil, errors.New("custody: transfer needs asset and destination")
	}
	r := &request{method: http.MethodPost, path: "/v1/transactions", body: b.body, headers: http.Header{}}
	if b.idemKey != "" {
		r.headers.Set(IdempotencyHeader, b.idemKey)
	}
	return r, nil
}

type addressBody struct {
	AssetID       string `json:"assetId"`
	Network       string `json:"network"`
	Description   string `json:"description,omitempty"`
	CustomerRefID string `json:"customerRefId,omitempty"`
}

// AddressBuilder assembles a CreateAddress call.
type AddressBuilder struct {
	vault   string
	body    addressBody
	idemKey string
}

// NewAddress starts an address allocation in vaultID.
func NewAddress(vaultID, assetID, network string) *AddressBuilder {
	return &AddressBuilder{vault: vaultID, body: addressBody{AssetID: assetID, Network: network}}
}

// Label sets the address description.
func (b *AddressBuilder) Label(label string) *AddressBuilder {
	b.body.Description = label
	return b
}

// CustomerRef tags the address with our user reference.
func (b *AddressBuilder) CustomerRef(ref string) *AddressBuilder {
	b.body.CustomerRefID = ref
	return b
}

// IdempotencyKey sets the key the provider deduplicates on.
func (b *AddressBuilder) IdempotencyKey(key string) *AddressBuilder {
	b.idemKey = key
	return b
}

func (b *AddressBuilder) build() (*request, error) {
	if b.vault == "" || b.body.AssetID == "" {
		return nil, errors.New("custody: address needs vault and asset")
	}
	r := &request{
		method:  http.MethodPost,
		path:    "/v1/vaults/" + url.PathEscape(b.vault) + "/addresses",
		body:    b.body,
		headers: http.Header{},
	}
	if b.idemKey != "" {
		r.headers.Set(IdempotencyHeader, b.idemKey)
	}
	return r, nil
}
