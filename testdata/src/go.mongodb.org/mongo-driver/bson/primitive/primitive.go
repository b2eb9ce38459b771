// Package primitive is a stub of go.mongodb.org/mongo-driver/bson/primitive v1.17.4 for analysistest.
package primitive

type ObjectID [12]byte

func NewObjectID() ObjectID { return ObjectID{} }

func (id ObjectID) Hex() string    { return "" }
func (id ObjectID) String() string { return "" }
