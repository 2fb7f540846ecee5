package patch

import "mos/gen"

// FromAPI is the operations of a JSON Patch body as the generated server hands it over: nil
// for an absent body, and never nil for a body, even an empty one, so that callers telling a
// patch (non-nil operations) from a full update (nil) read an empty patch as a patch.
func FromAPI(body *gen.JsonPatch) []Operation {
	if body == nil {
		return nil
	}
	ops := make([]Operation, 0, len(*body))
	for _, op := range *body {
		ops = append(ops, Operation{Op: string(op.Op), Path: op.Path, From: op.From, Value: op.Value})
	}
	return ops
}
