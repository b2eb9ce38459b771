// Package ent stands for the API ent generates into a module: a Client
// and a Tx that carry a client per entity, and the entities' builders.
// The shapes and names are the generator's; the bodies do nothing.
package ent

import (
	"context"

	"entgo.io/ent/dialect/sql"

	"example.com/entstore/ent/predicate"
	"example.com/entstore/ent/processedmessage"
	"example.com/entstore/ent/transfer"
	"example.com/entstore/ent/wallet"
)

type Client struct {
	Transfer         *TransferClient
	Wallet           *WalletClient
	ProcessedMessage *ProcessedMessageClient
}

func (c *Client) Tx(ctx context.Context) (*Tx, error) {
	return &Tx{Transfer: c.Transfer, Wallet: c.Wallet}, nil
}

func (c *Client) BeginTx(ctx context.Context, opts any) (*Tx, error) { return c.Tx(ctx) }

type Tx struct {
	Transfer         *TransferClient
	Wallet           *WalletClient
	ProcessedMessage *ProcessedMessageClient
}

func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }
func (tx *Tx) Client() *Client { return &Client{Transfer: tx.Transfer, Wallet: tx.Wallet} }

type Transfer struct {
	ID             string
	IdempotencyKey string
	AmountCents    int64
	WalletID       int
}

type Wallet struct {
	ID      int
	Balance int64
	Owner   string
}

// Columns are the entities' columns, as the generated packages hold them.
var Columns = []string{transfer.FieldID, transfer.Table, wallet.FieldID, wallet.Table, processedmessage.Table}

type TransferClient struct{}

func (c *TransferClient) Create() *TransferCreate                  { return &TransferCreate{} }
func (c *TransferClient) UpdateOneID(id string) *TransferUpdateOne { return &TransferUpdateOne{} }
func (c *TransferClient) DeleteOneID(id string) *TransferDeleteOne { return &TransferDeleteOne{} }
func (c *TransferClient) Query() *TransferQuery                    { return &TransferQuery{} }

type TransferCreate struct{}

func (_c *TransferCreate) SetID(v string) *TransferCreate             { return _c }
func (_c *TransferCreate) SetIdempotencyKey(v string) *TransferCreate { return _c }
func (_c *TransferCreate) SetAmountCents(v int64) *TransferCreate     { return _c }
func (_c *TransferCreate) SetWalletID(v int) *TransferCreate          { return _c }
func (_c *TransferCreate) Save(ctx context.Context) (*Transfer, error) {
	return &Transfer{}, nil
}
func (_c *TransferCreate) SaveX(ctx context.Context) *Transfer { return &Transfer{} }
func (_c *TransferCreate) Exec(ctx context.Context) error      { return nil }
func (_c *TransferCreate) OnConflict(opts ...sql.ConflictOption) *TransferUpsertOne {
	return &TransferUpsertOne{}
}
func (_c *TransferCreate) OnConflictColumns(columns ...string) *TransferUpsertOne {
	return &TransferUpsertOne{}
}

type TransferUpsertOne struct{}

func (u *TransferUpsertOne) DoNothing() *TransferUpsertOne       { return u }
func (u *TransferUpsertOne) Ignore() *TransferUpsertOne          { return u }
func (u *TransferUpsertOne) UpdateNewValues() *TransferUpsertOne { return u }
func (u *TransferUpsertOne) Exec(ctx context.Context) error      { return nil }
func (u *TransferUpsertOne) ID(ctx context.Context) (string, error) {
	return "", nil
}

type TransferUpdateOne struct{}

func (_u *TransferUpdateOne) SetAmountCents(v int64) *TransferUpdateOne { return _u }
func (_u *TransferUpdateOne) Exec(ctx context.Context) error            { return nil }

type TransferDeleteOne struct{}

func (_d *TransferDeleteOne) Exec(ctx context.Context) error { return nil }

type TransferQuery struct{}

func (q *TransferQuery) Only(ctx context.Context) (*Transfer, error) { return &Transfer{}, nil }

type WalletClient struct{}

func (c *WalletClient) Create() *WalletCreate               { return &WalletCreate{} }
func (c *WalletClient) UpdateOneID(id int) *WalletUpdateOne { return &WalletUpdateOne{} }
func (c *WalletClient) Update() *WalletUpdate               { return &WalletUpdate{} }

type WalletCreate struct{}

func (_c *WalletCreate) SetOwner(v string) *WalletCreate { return _c }
func (_c *WalletCreate) Exec(ctx context.Context) error  { return nil }

type WalletUpdateOne struct{}

func (_u *WalletUpdateOne) AddBalance(v int64) *WalletUpdateOne { return _u }
func (_u *WalletUpdateOne) SetOwner(v string) *WalletUpdateOne  { return _u }
func (_u *WalletUpdateOne) Save(ctx context.Context) (*Wallet, error) {
	return &Wallet{}, nil
}
func (_u *WalletUpdateOne) Exec(ctx context.Context) error { return nil }

type WalletUpdate struct{}

func (_u *WalletUpdate) AddBalance(v int64) *WalletUpdate      { return _u }
func (_u *WalletUpdate) Save(ctx context.Context) (int, error) { return 0, nil }
func (_u *WalletUpdate) Exec(ctx context.Context) error        { return nil }

type ProcessedMessage struct {
	ID        int
	MessageID string
}

type ProcessedMessageClient struct{}

func (c *ProcessedMessageClient) Create() *ProcessedMessageCreate { return &ProcessedMessageCreate{} }
func (c *ProcessedMessageClient) Query() *ProcessedMessageQuery   { return &ProcessedMessageQuery{} }

type ProcessedMessageCreate struct{}

func (_c *ProcessedMessageCreate) SetMessageID(v string) *ProcessedMessageCreate { return _c }
func (_c *ProcessedMessageCreate) Exec(ctx context.Context) error                { return nil }

type ProcessedMessageQuery struct{}

func (_q *ProcessedMessageQuery) Where(ps ...predicate.ProcessedMessage) *ProcessedMessageQuery {
	return _q
}
func (_q *ProcessedMessageQuery) Exist(ctx context.Context) (bool, error) { return false, nil }
func (_q *ProcessedMessageQuery) Only(ctx context.Context) (*ProcessedMessage, error) {
	return &ProcessedMessage{}, nil
}
