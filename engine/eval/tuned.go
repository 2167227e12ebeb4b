package eval

// tunedWeights is a placeholder until tools/tune writes this file.
var tunedWeights = handWeights()
