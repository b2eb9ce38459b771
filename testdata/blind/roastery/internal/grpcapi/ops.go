// Package grpcapi is the internal gRPC API used by the roast-floor software
// (the roaster logging app and the inventory tablets). Messages are plain Go
// structs carried with a JSON codec, registered under the "json" content
// subtype; clients dial with grpc.CallContentSubtype("json").
package grpcapi

import (
	"context"
	"encoding/json"

	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"
)

// codecName is the content-subtype: application/grpc+json.
const codecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return codecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}

// ServiceName is the fully-qualified service name.
const ServiceName = "ridgeline.roastery.v1.RoastFloor"

// RecordRoastBatchRequest is sent when a batch is dropped from the drum.
type RecordRoastBatchRequest struct {
	GreenLotID string  `json:"green_lot_id"`
	MachineID  string  `json:"machine_id"`
	Profile    string  `json:"profile"`
	Operator   string  `json:"operator"`
	SKU        string  `json:"sku"`
	GreenKg    float64 `json:"green_kg"`
	RoastedKg  float64 `json:"roasted_kg"`
	StartedAt  string  `json:"started_at"`
}

// RecordRoastBatchResponse identifies the recorded batch.
type RecordRoastBatchResponse struct {
	BatchID string `json:"batch_id"`
	Bags    int    `json:"bags"`
}

// AdjustInventoryRequest corrects finished stock.
type AdjustInventoryRequest struct {
	AdjustmentID string `json:"adjustment_id"`
	SKU          string `json:"sku"`
	DeltaBags    int    `json:"delta_bags"`
	Reason       string `json:"reason"`
	CreatedBy    string `json:"created_by"`
}

// AdjustInventoryResponse reports the resulting stock.
type AdjustInventoryResponse struct {
	SKU          string `json:"sku"`
	BagsOnHand   int    `json:"bags_on_hand"`
	BagsReserved int    `json:"bags_reserved"`
	Applied      bool   `json:"applied"`
}

// GetInventoryRequest asks for one SKU.
type GetInventoryRequest struct {
	SKU string `json:"sku"`
}

// GetInventoryResponse is stock for one SKU.
type GetInventoryResponse struct {
	SKU          string `json:"sku"`
	BagsOnHand   int    `json:"bags_on_hand"`
	BagsReserved int    `json:"bags_reserved"`
	Available    int    `json:"available"`
}

// RoastFloorServer is implemented by Server.
type RoastFloorServer interface {
	RecordRoastBatch(context.Context, *RecordRoastBatchRequest) (*RecordRoastBatchResponse, error)
	AdjustInventory(context.Context, *AdjustInventoryRequest) (*AdjustInventoryResponse, error)
	GetInventory(context.Context, *GetInventoryRequest) (*GetInventoryResponse, error)
}

// unary builds a grpc.MethodDesc handler for one method.
func unary[Req any, Resp any](method string, call func(RoastFloorServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(RoastFloorServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + ServiceName + "/" + method}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(RoastFloorServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

// RoastFloorServiceDesc is registered with grpc.Server.RegisterService.
var RoastFloorServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*RoastFloorServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("RecordRoastBatch", RoastFloorServer.RecordRoastBatch),
		unary("AdjustInventory", RoastFloorServer.AdjustInventory),
		unary("GetInventory", RoastFloorServer.GetInventory),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "ridgeline/roastery/v1/roast_floor.proto",
}

// RegisterRoastFloorServer registers impl on s.
func RegisterRoastFloorServer(s grpc.ServiceRegistrar, impl RoastFloorServer) {
	s.RegisterService(&RoastFloorServiceDesc, impl)
}
